import type { ExternalToast } from 'sonner';

// Toasts without sonner in the first load (it was 10 KB gzip of the entry):
// the toaster is its own chunk (ToasterHost), mounted by the app only when
// the first toast is asked for, and a toast waits until it is mounted.
// sonner drops toasts raised before its <Toaster> subscribed, so the wait is
// what keeps them. Mounted at start, the toaster's chunk, styles and render
// cost the chat list's first paint some 100 ms of a busy core (bench web),
// for toasts that most starts never show.

let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

let wanted = false;
const wantListeners = new Set<() => void>();

/** Called by ToasterHost once its <Toaster> listens. */
export function toasterMounted(): void {
  markMounted();
}

/** Whether a toast was asked for, so the toaster must be mounted. */
export function toasterWanted(): boolean {
  return wanted;
}

/** Calls `listener` when the toaster becomes wanted; returns the unsubscribe. */
export function onToasterWanted(listener: () => void): () => void {
  wantListeners.add(listener);
  return () => wantListeners.delete(listener);
}

function show(kind: 'error' | 'success' | 'message', title: string, options?: ExternalToast): void {
  if (!wanted) {
    wanted = true;
    for (const listener of wantListeners) listener();
  }
  void mounted
    .then(() => import('sonner'))
    .then(({ toast: sonner }) => sonner[kind](title, options));
}

export const toast = {
  error: (title: string, options?: ExternalToast) => show('error', title, options),
  success: (title: string, options?: ExternalToast) => show('success', title, options),
  /** Neutral news, such as a bot's answer to a button. */
  message: (title: string, options?: ExternalToast) => show('message', title, options),
};
