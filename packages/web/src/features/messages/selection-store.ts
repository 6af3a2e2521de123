import { create } from 'zustand';

// Selection mode (issue 23): the messages picked in one open chat for
// Forward, Delete or Copy together. App store, not component state: the
// header's bar, the history's checkboxes and the actions read the same set.
// It belongs to one conversation; switching chats clears it.

type SelectionState = {
  /** The chat the selection is in; null when not selecting. */
  conversationId: number | null;
  /** Selected message ids, in the order picked (actions sort by time themselves). */
  ids: number[];
  /** Enters selection mode in a chat with one message selected. */
  start: (conversationId: number, messageId: number) => void;
  /** Selects or unselects; unselecting the last one leaves selection mode, as in Telegram. */
  toggle: (messageId: number) => void;
  /** Drops ids that are no longer in the history (deleted live, or for me). */
  retain: (present: ReadonlySet<number>) => void;
  clear: () => void;
};

const NONE = { conversationId: null, ids: [] };

export const useSelectionStore = create<SelectionState>()((set) => ({
  ...NONE,
  start: (conversationId, messageId) => set({ conversationId, ids: [messageId] }),
  toggle: (messageId) =>
    set((s) => {
      if (s.conversationId === null) return s;
      const ids = s.ids.includes(messageId)
        ? s.ids.filter((id) => id !== messageId)
        : [...s.ids, messageId];
      return ids.length === 0 ? NONE : { ids };
    }),
  retain: (present) =>
    set((s) => {
      const ids = s.ids.filter((id) => present.has(id));
      if (ids.length === s.ids.length) return s;
      return ids.length === 0 ? NONE : { ids };
    }),
  clear: () => set(NONE),
}));

/** The selected ids in this chat (empty when selecting elsewhere or not at all). */
export function useSelectedIds(conversationId: number): number[] {
  return useSelectionStore((s) => (s.conversationId === conversationId ? s.ids : EMPTY));
}

const EMPTY: number[] = [];
