import { useSyncExternalStore } from 'react';
import { DRAFT_CHANGED_EVENT, isDraftKey, readDraft } from '../../lib/storage';

// The draft of one conversation (spec 3, `draft_<id>` in local storage) as
// live state for the chat list: it follows writes in this tab (the composer's
// own event) and in other tabs (the browser's `storage` event).

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (isDraftKey(event.key)) onChange();
  };
  window.addEventListener(DRAFT_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(DRAFT_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The draft text, whitespace folded to one line; '' when there is none. */
export function useDraft(conversationId: number): string {
  return useSyncExternalStore(subscribe, () =>
    readDraft(conversationId).replace(/\s+/g, ' ').trim(),
  );
}
