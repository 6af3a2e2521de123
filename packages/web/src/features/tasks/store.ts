import { create } from 'zustand';
import { taskRoutes } from '@parley/protocol/http/task-routes';
import { applyTaskChange, applyTaskFrame } from '@parley/protocol/sync/tasks';
import type { TaskChange } from '@parley/protocol/sync/tasks';
import type { ConversationEventFrame } from '@parley/protocol/realtime';
import type { TaskBoard } from '@parley/protocol/tasks';
import { call } from '../../api/http';
import { ApiError } from '../../api/errors';
import { tapFrames } from '../../lib/frame-taps';
import { useSessionStore } from '../auth/session-store';

// The task boards this tab holds, one per conversation: the reply of
// GET …/tasks, moved on by the conversation's task events (through the
// dispatcher's frame taps, in seq order) and by the replies of this tab's
// own calls, both through the protocol's appliers (sync/tasks.ts). Views
// read boards here and change them only through actions.ts.

type TasksState = {
  boards: Record<number, TaskBoard | undefined>;
  /** A board the server said is not ours (404): not asked for again. */
  missing: Record<number, true | undefined>;
  load: (conversationId: number) => Promise<void>;
  /** Loads the board unless it is held or on its way. */
  ensure: (conversationId: number) => void;
  /** A local change (optimistic edit, own reply) to a held board. */
  update: (conversationId: number, fn: (board: TaskBoard) => TaskBoard) => void;
  /** Applies one change (a reply); fetches again when the board cannot take it. */
  apply: (conversationId: number, change: TaskChange) => void;
  reset: () => void;
};

const inFlight = new Map<number, Promise<void>>();
/** Conversation events that arrived while that board was loading. */
const early = new Map<number, ConversationEventFrame[]>();
/** Board loads that answered while an older one was under way are kept; this counts them. */
const generation = new Map<number, number>();

export const useTasksStore = create<TasksState>()((set, get) => ({
  boards: {},
  missing: {},
  load: (conversationId) => {
    const held = inFlight.get(conversationId);
    if (held) return held;
    const gen = (generation.get(conversationId) ?? 0) + 1;
    generation.set(conversationId, gen);
    const loading = call(taskRoutes.taskBoard, {
      params: { id: conversationId },
      silent: true,
    })
      .then((board) => {
        if (generation.get(conversationId) !== gen) return;
        // Events newer than the reply may already be held: keep whichever is further on.
        const current = get().boards[conversationId];
        if (current && current.last_seq > board.last_seq) return;
        // Frames that came while the board was on its way go on top (older seqs are skipped).
        let next = board;
        let again = false;
        for (const frame of early.get(conversationId) ?? []) {
          const outcome = applyTaskFrame(next, frame);
          next = outcome.board;
          again ||= outcome.refetch;
        }
        early.delete(conversationId);
        set((s) => ({ boards: { ...s.boards, [conversationId]: next } }));
        afterLoad?.(conversationId);
        if (again) void get().load(conversationId);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) {
          set((s) => ({ missing: { ...s.missing, [conversationId]: true } }));
        }
      })
      .finally(() => inFlight.delete(conversationId));
    inFlight.set(conversationId, loading);
    return loading;
  },
  ensure: (conversationId) => {
    const s = get();
    if (s.boards[conversationId] || s.missing[conversationId]) return;
    void s.load(conversationId);
  },
  update: (conversationId, fn) =>
    set((s) => {
      const board = s.boards[conversationId];
      if (!board) return s;
      const next = fn(board);
      return next === board ? s : { boards: { ...s.boards, [conversationId]: next } };
    }),
  apply: (conversationId, change) => {
    const board = get().boards[conversationId];
    if (!board) return;
    const outcome = applyTaskChange(board, change);
    if (outcome.board !== board) {
      set((s) => ({ boards: { ...s.boards, [conversationId]: outcome.board } }));
    }
    if (outcome.refetch) void get().load(conversationId);
  },
  reset: () => {
    generation.clear();
    early.clear();
    set({ boards: {}, missing: {} });
  },
}));

let afterLoad: ((conversationId: number) => void) | null = null;

/** Runs after every board load (the offline ticks are laid on top again: actions.ts). */
export function onBoardLoaded(listener: (conversationId: number) => void): void {
  afterLoad = listener;
}

/** Held boards follow the socket: task events, refetches, a reconnect. */
function followFrames(): void {
  tapFrames((frame) => {
    const store = useTasksStore.getState();
    if (frame.op === 'event' && frame.scope === 'conversation') {
      const board = store.boards[frame.conversation_id];
      if (!board) {
        if (inFlight.has(frame.conversation_id)) {
          early.set(frame.conversation_id, [...(early.get(frame.conversation_id) ?? []), frame]);
        }
        return;
      }
      const outcome = applyTaskFrame(board, frame);
      if (outcome.board !== board) store.update(frame.conversation_id, () => outcome.board);
      if (outcome.refetch) void store.load(frame.conversation_id);
    } else if (frame.op === 'refetch') {
      // Events were skipped: the held boards are read again.
      const ids =
        frame.scope === 'conversation' && frame.conversation_id !== undefined
          ? [frame.conversation_id]
          : Object.keys(store.boards).map(Number);
      for (const id of ids) if (store.boards[id]) void store.load(id);
    }
  });
}

followFrames();

// Signed out: nothing of this user's boards stays in memory.
useSessionStore.subscribe((state, previous) => {
  if (previous.authenticated && !state.authenticated) useTasksStore.getState().reset();
});
