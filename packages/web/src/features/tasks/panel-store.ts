import { create } from 'zustand';
import type { TaskFilter } from '@parley/protocol/rules/task-filters';

// What the Tasks panel shows, apart from the boards themselves (store.ts):
// which conversation's panel is open, its filter, the task to bring into
// view (one made from a message just now), and the last refusal to show.

type PanelState = {
  /** The conversation whose panel is open, or null. */
  openId: number | null;
  filter: TaskFilter;
  /** A task to scroll to and open (made from a message, or named by a notification). */
  focusTaskId: number | null;
  /** The server's message for the last refused change, shown in the panel. */
  error: string | null;
  open: (conversationId: number, focusTaskId?: number | null) => void;
  close: () => void;
  setFilter: (filter: TaskFilter) => void;
  focused: () => void;
  setError: (error: string | null) => void;
};

export const useTaskPanel = create<PanelState>()((set) => ({
  openId: null,
  filter: 'all',
  focusTaskId: null,
  error: null,
  open: (conversationId, focusTaskId = null) =>
    set((s) => ({
      openId: conversationId,
      focusTaskId,
      error: null,
      filter: s.openId === conversationId ? s.filter : 'all',
    })),
  close: () => set({ openId: null, focusTaskId: null, error: null }),
  setFilter: (filter) => set({ filter }),
  focused: () => set({ focusTaskId: null }),
  setError: (error) => set({ error }),
}));
