import { create } from 'zustand';
import type { AttachedFile } from '@parley/protocol/file';
import type { Message, MessageRef } from '@parley/protocol/message';
import type { ConversationEventFrame, UserEventFrame } from '@parley/protocol/realtime';
import { applyCommitToHistory } from '@parley/protocol/sync/commits';
import type { LocalCommit } from '@parley/protocol/sync/commits';
import { applyCleared, applyHistoryFrame, dropThread } from '@parley/protocol/sync/history';
import { ApiError, errorKey } from '../../api/errors';
import { randomUuid } from '../../lib/random-uuid';
import { fetchHistory, sendMessage } from './api';
import type { HistoryCursor } from './api';
import { useSendWaits } from './send-wait';
import {
  addPending,
  applyPage,
  emptyMessages,
  failPending,
  hydrateThreads,
  retryPending,
} from './reducers';
import type { MessagesState, PageMode, PendingMessage } from './reducers';

// App store of message history and the optimistic pending list. Its sends
// resolve with the stored message and change nothing themselves: the
// caller hands that to the one dispatcher (sync/dispatcher.ts), which
// applies it to history and the list once.

/**
 * How a page load ended: nothing loaded (already loading, or an error), or
 * `gone`: the server answered 404, the conversation is not the user's any
 * more (its thread is dropped here; the caller drops it from the list).
 */
export type LoadResult = 'loaded' | 'failed' | 'gone';

type Actions = {
  load: (conversationId: number, mode: PageMode, anchor?: number) => Promise<LoadResult>;
  /** Optimistic send (spec 4): resolves with the confirmed message, or null on failure. */
  send: (
    conversationId: number,
    text: string,
    parent: MessageRef | null,
    file?: AttachedFile | null,
  ) => Promise<Message | null>;
  retry: (uuid: string) => Promise<Message | null>;
  /** Sends every queued (offline) message again, same uuid; resolves with the confirmed ones. */
  flushQueue: () => Promise<Message[]>;
  /** A realtime event (only sync/dispatcher.ts calls this). */
  applyFrame: (frame: ConversationEventFrame | UserEventFrame) => void;
  /** What this device's own call committed (only sync/dispatcher.ts calls this). */
  applyCommit: (commit: LocalCommit) => void;
  hydrate: (
    cached: { conversationId: number; messages: Message[] }[],
    pending: PendingMessage[],
  ) => void;
  /** History cleared by the caller: everything held goes. */
  clearThread: (conversationId: number) => void;
  /** The conversation is not the user's any more: its thread goes. */
  dropThread: (conversationId: number) => void;
  reset: () => void;
};

/**
 * Page loads on the wire, one per conversation and mode. The same page asked
 * for again (a view remounted while it loads) shares its answer; another
 * anchor in the same mode is refused (false), as before.
 */
const inFlight = new Map<string, { anchor: number | undefined; done: Promise<LoadResult> }>();

type Frame = ConversationEventFrame | UserEventFrame;
type Replay = Frame[];
/**
 * Frames of a conversation that arrived while a page that replaces its window
 * (the newest page, or the window around a message) was on the wire. The page
 * may have been read before they happened, so they are applied again on top
 * of it: a message sent just as a chat opens is not lost from view (a
 * re-applied frame changes nothing the page already has; a window short of
 * the newest drops new arrivals anyway).
 */
const framesDuringReplace = new Map<number, Set<Replay>>();

function framesConversation(frame: Frame): number | null {
  if (frame.scope === 'conversation') return frame.conversation_id;
  return 'conversation_id' in frame.payload ? frame.payload.conversation_id : null;
}
/** uuids whose send is on the wire: a flush must not send them twice at once. */
const sending = new Set<string>();

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function cursorFor(mode: PageMode, anchor: number | undefined): HistoryCursor {
  if (anchor === undefined || mode === 'latest') return null;
  if (mode === 'older') return { before: anchor };
  if (mode === 'newer') return { after: anchor };
  return { around: anchor };
}

export const useMessageStore = create<MessagesState & Actions>()((set, get) => {
  async function deliver(p: PendingMessage): Promise<Message | null> {
    // Offline: the message stays queued (clock) until the connection is back.
    if (isOffline() || sending.has(p.uuid)) return null;
    sending.add(p.uuid);
    try {
      const message = await sendMessage({
        conversation_id: p.conversationId,
        uuid: p.uuid,
        message: p.text,
        parent_id: p.parent?.id ?? null,
        ...(p.file ? { file_id: p.file.id } : {}),
      });
      return message;
    } catch (error) {
      // No answer at all: queued, not failed (the flush sends it again).
      const noAnswer = error instanceof ApiError && error.status === null;
      if (!noAnswer) set((s) => failPending(s, p.uuid, errorKey(error)));
      // A send limit or slow mode: the composer counts down until it may send.
      const retryAfter = error instanceof ApiError ? error.reply?.retry_after : undefined;
      if (retryAfter) useSendWaits.getState().wait(p.conversationId, retryAfter);
      return null;
    } finally {
      sending.delete(p.uuid);
    }
  }

  async function loadPage(
    conversationId: number,
    mode: PageMode,
    anchor?: number,
  ): Promise<LoadResult> {
    const replay: Replay | null = mode === 'latest' || mode === 'around' ? [] : null;
    const replays = framesDuringReplace.get(conversationId) ?? new Set<Replay>();
    if (replay) framesDuringReplace.set(conversationId, replays.add(replay));
    try {
      const page = await fetchHistory(conversationId, cursorFor(mode, anchor));
      set((s) =>
        (replay ?? []).reduce(
          (state, frame) => applyHistoryFrame(state, frame),
          applyPage(s, conversationId, page, mode),
        ),
      );
      return 'loaded';
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) return 'failed';
      set((s) => dropThread(s, conversationId));
      return 'gone';
    } finally {
      if (replay) {
        replays.delete(replay);
        if (replays.size === 0) framesDuringReplace.delete(conversationId);
      }
    }
  }

  return {
    ...emptyMessages,
    load: (conversationId, mode, anchor) => {
      const key = `${conversationId}:${mode}`;
      const running = inFlight.get(key);
      if (running) return running.anchor === anchor ? running.done : Promise.resolve('failed');
      const done = loadPage(conversationId, mode, anchor).finally(() => inFlight.delete(key));
      inFlight.set(key, { anchor, done });
      return done;
    },
    send: (conversationId, text, parent, file = null) => {
      const pending: PendingMessage = {
        uuid: randomUuid(),
        conversationId,
        text,
        parent,
        file,
        createdAt: new Date().toISOString(),
        error: null,
      };
      set((s) => addPending(s, pending));
      return deliver(pending);
    },
    retry: (uuid) => {
      const p = get().pending[uuid];
      if (!p) return Promise.resolve(null);
      set((s) => retryPending(s, uuid));
      return deliver(p); // the same uuid: the server answers the first copy if it had arrived
    },
    flushQueue: async () => {
      const queued = Object.values(get().pending)
        .filter((p) => p.error === null)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      const sent: Message[] = [];
      // In order, one after the other, so they keep the order they were written in.
      for (const p of queued) {
        const message = await deliver(p);
        if (message) sent.push(message);
      }
      return sent;
    },
    applyFrame: (frame) => {
      const conversationId = framesConversation(frame);
      if (conversationId !== null) {
        for (const replay of framesDuringReplace.get(conversationId) ?? []) {
          replay.push(frame);
        }
      }
      set((s) => applyHistoryFrame(s, frame));
    },
    applyCommit: (commit) => set((s) => applyCommitToHistory(s, commit)),
    hydrate: (cached, pending) => set((s) => hydrateThreads(s, cached, pending)),
    clearThread: (conversationId) =>
      set((s) => applyCleared(s, conversationId, Number.MAX_SAFE_INTEGER)),
    dropThread: (conversationId) => set((s) => dropThread(s, conversationId)),
    reset: () => set(emptyMessages),
  };
});
