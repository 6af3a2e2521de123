import type { ServerFrame } from '@parley/protocol/realtime';
import type { LocalCommit } from '@parley/protocol/sync/commits';
import type { Self } from '@parley/protocol/sync/list-events';
import { passToTaps } from '../lib/frame-taps';
import { useAuthStore } from '../features/auth/store';
import { useLiveStore } from '../features/conversations/live-store';
import { useConversationStore } from '../features/conversations/store';
import { useFolderStore } from '../features/folders/store';
import { noteMembershipFrame } from '../features/groups/membership-events';
import { loadInvitations, useInvitationStore } from '../features/invitations/store';
import { noteCallbackAnswer } from '../features/messages/callback-answers';
import { useMessageStore } from '../features/messages/store';
import type { Notifier } from '../features/notifications/notifier';
import { applySelf } from '../features/settings/store';

// The one way into the synced stores. Everything that changes what the
// server holds arrives here and is applied once, through the protocol's
// appliers (protocol sync/):
// - the socket's frames (events, refetch, typing, presence);
// - this device's own commits: the reply to a send (HTTP, or the socket's
//   `sent`, both through the outbox), an edit, a delete, a forward.
// Views call the API and hand the reply here; they never write a store.

/** The user id of the last `ready` (own messages do not count as unread). */
let readyUserId: number | null = null;
let notifier: Notifier | null = null;
let onReady: (() => void) | null = null;

/** Wiring of the running realtime (sync/realtime.ts): the notifier, and what `ready` starts. */
export function attachDispatcher(parts: { notifier: Notifier | null; onReady: () => void }): void {
  notifier = parts.notifier;
  onReady = parts.onReady;
}

export function detachDispatcher(): void {
  readyUserId = null;
  notifier = null;
  onReady = null;
}

/** Signed out: the next `ready` says who is here. */
export function forgetReadyUser(): void {
  readyUserId = null;
}

/** Who applies the events: the user of `ready`, with the username the mentions name. */
function self(): Self | null {
  const user = useAuthStore.getState().user;
  if (readyUserId === null) return null;
  return { id: readyUserId, username: user?.id === readyUserId ? user.username : '' };
}

/**
 * The server answered 404 for these conversations (a refetch, a history
 * page): left, removed or blocked while this device was away, they are not
 * the user's any more. The list and history drop them; the cache follows.
 */
export function conversationsGone(ids: number[]): void {
  for (const id of ids) {
    useConversationStore.getState().drop(id);
    useMessageStore.getState().dropThread(id);
  }
}

/** This device's own call committed: history and the list follow, once. */
export function commit(change: LocalCommit): void {
  useMessageStore.getState().applyCommit(change);
  useConversationStore.getState().applyCommit(change);
}

export function dispatchFrame(frame: ServerFrame): void {
  applyFrame(frame);
  passToTaps(frame);
}

function applyFrame(frame: ServerFrame): void {
  const conversations = useConversationStore.getState();
  const messages = useMessageStore.getState();
  const live = useLiveStore.getState();
  switch (frame.op) {
    case 'ready':
      readyUserId = frame.user_id;
      live.ready(frame.online_user_ids);
      loadInvitations();
      onReady?.();
      return;
    case 'event':
      // Before the stores: the notifier reads the conversation as it was.
      notifier?.noteFrame(frame, readyUserId);
      // History first (idempotent by id and uuid), then the list's counters (gated by seq).
      messages.applyFrame(frame);
      noteMembershipFrame(frame);
      applySelf(frame);
      if (frame.scope === 'conversation') {
        if (frame.type === 'message.new' && frame.payload.message.user_id !== null) {
          live.setTyping(frame.conversation_id, frame.payload.message.user_id, false);
        }
        void conversations.applyConversationFrame(frame, self()).then(conversationsGone);
      } else {
        void conversations.applyUserFrame(frame).then(conversationsGone);
        useFolderStore.getState().applyFrame(frame);
        useInvitationStore.getState().applyFrame(frame);
        if (frame.type === 'bot.callback_answer') noteCallbackAnswer(frame.payload);
      }
      return;
    case 'refetch':
      if (frame.scope === 'user') {
        void conversations.refetchAll();
        void useFolderStore.getState().load();
        loadInvitations();
        // Settings changes may be among the skipped events: GET /user has them all.
        void useAuthStore.getState().loadUser();
      } else if (frame.conversation_id !== undefined) {
        // Also what the server sends for a conversation named in hello that
        // is not the user's any more: the fetch answers 404 and it goes.
        const id = frame.conversation_id;
        void conversations.refetch([id]).then(conversationsGone);
        if (messages.threads[id]) {
          void messages.load(id, 'latest').then((r) => r === 'gone' && conversationsGone([id]));
        }
      }
      return;
    case 'typing':
      if (frame.user_id !== readyUserId) {
        live.setTyping(frame.conversation_id, frame.user_id, frame.state === 'start');
      }
      return;
    case 'presence':
      live.presence(
        frame.user_id,
        frame.online,
        frame.online
          ? undefined
          : { last_seen_at: frame.last_seen_at ?? null, last_seen: frame.last_seen ?? null },
      );
      return;
    case 'error':
      console.warn('realtime: the server refused a frame:', frame.message);
      return;
    default:
      return;
  }
}
