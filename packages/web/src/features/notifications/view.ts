import { useEffect } from 'react';

// Which conversation this tab has open (the /chat/:id route), for the
// notifications: a message in the conversation someone is looking at needs
// no pop-up. Module state, because the socket's frame handler lives outside
// React; the chat shell keeps it current with useOpenConversation.

let open: number | null = null;
const listeners = new Set<() => void>();

export function openConversation(): number | null {
  return open;
}

export function setOpenConversation(id: number | null): void {
  if (id === open) return;
  open = id;
  for (const listener of listeners) listener();
}

export function onOpenConversationChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chat shell reports its open conversation (null: none, or the shell left). */
export function useOpenConversation(id: number | null): void {
  useEffect(() => {
    setOpenConversation(id);
    return () => setOpenConversation(null);
  }, [id]);
}

/** The conversation on screen in this tab: open, and the tab visible. */
export function viewedConversation(): number | null {
  return document.visibilityState === 'visible' ? open : null;
}
