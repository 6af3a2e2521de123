import type { Message } from '../message';
import type { Reaction } from '../reactions';
import {
  applyDeleted,
  applyHistoryFrame,
  applyMessage,
  applyReactions,
  dropMessage,
} from './history';
import type { HistoryState, HistoryThread } from './history';
import { applyLastMessage } from './list-reducers';
import type { ConversationsState } from './list-reducers';
import { messageEdited } from './list-events';
import { toLastMessage } from './refs';

// What this device's own calls committed, as events (Telegram Web A's
// updateMessageSendSucceeded): the reply to a send (over HTTP or the
// socket's `sent`), an edit, a delete or a forward. They go through the same
// appliers as the server's events, once each; the server's own event (the
// echo) follows and changes nothing more, as every applier is idempotent.
// Unread counters and seqs are the server events' alone.

export type LocalCommit =
  /** A message this device sent or forwarded, as the server stored it. */
  | { type: 'message.sent'; message: Message }
  | { type: 'message.edited'; message: Message }
  | {
      type: 'message.deleted';
      conversation_id: number;
      message_id: number;
      scope: 'me' | 'everyone';
    }
  /** A reaction set or taken back here: the message's list as the server answered. */
  | {
      type: 'message.reactions';
      conversation_id: number;
      message_id: number;
      reactions: Reaction[];
    };

export function applyCommitToList(
  state: ConversationsState,
  commit: LocalCommit,
): ConversationsState {
  switch (commit.type) {
    case 'message.sent':
      return applyLastMessage(state, commit.message.conversation_id, toLastMessage(commit.message));
    case 'message.edited':
      return messageEdited(state, commit.message);
    // The new preview comes with the server's event (message.deleted or
    // message.hidden); reactions are not on the list.
    case 'message.deleted':
    case 'message.reactions':
      return state;
  }
}

export function applyCommitToHistory<T extends HistoryThread, P>(
  state: HistoryState<T, P>,
  commit: LocalCommit,
): HistoryState<T, P> {
  switch (commit.type) {
    case 'message.sent':
      return applyMessage(state, commit.message);
    case 'message.edited':
      return applyHistoryFrame(state, {
        op: 'event',
        scope: 'conversation',
        conversation_id: commit.message.conversation_id,
        seq: 1,
        type: 'message.edited',
        payload: { message_id: commit.message.id, message: commit.message },
      });
    case 'message.deleted':
      return commit.scope === 'everyone'
        ? applyDeleted(state, commit.conversation_id, commit.message_id)
        : dropMessage(state, commit.conversation_id, commit.message_id);
    case 'message.reactions':
      return applyReactions(state, commit.conversation_id, commit.message_id, commit.reactions);
  }
}
