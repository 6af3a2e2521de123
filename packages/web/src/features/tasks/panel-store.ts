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
  /** "Create task from message": the message waiting for its group to be chosen. */
  fromMessageId: number | null;
  /** Opens the panel to make a task of a message. */
  fromMessage: (conversationId: number, messageId: number) => void;
  open: (conversationId: number, focusTaskId?: number | null) => void;
  close: () => void;
  setFilter: (filter: TaskFilter) => void;
  focused: () => void;
  /** The message's task was made (or the choice dropped): open it. */
  fromMessageDone: (focusTaskId: number | null) => void;
  setError: (error: string | null) => void;
};

export const useTaskPanel = create<PanelState>()((set) => ({
  openId: null,
  filter: 'all',
  focusTaskId: null,
  error: null,
  fromMessageId: null,
  fromMessage: (conversationId, messageId) =>
    set({ openId: conversationId, fromMessageId: messageId, focusTaskId: null, error: null }),
  open: (conversationId, focusTaskId = null) =>
    set((s) => ({
      openId: conversationId,
      focusTaskId,
      fromMessageId: null,
      error: null,
      filter: s.openId === conversationId ? s.filter : 'all',
    })),
  close: () => set({ openId: null, focusTaskId: null, error: null, fromMessageId: null }),
  setFilter: (filter) => set({ filter }),
  focused: () => set({ focusTaskId: null }),
  fromMessageDone: (focusTaskId: number | null) => set({ fromMessageId: null, focusTaskId }),
  setError: (error) => set({ error }),
}));
