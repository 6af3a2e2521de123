import type { Kysely } from 'kysely';
import type { ReactionsReply, ReactorsReply } from '@parley/protocol/reactions';
import { reactionRefusalText } from '@parley/protocol/rules/reaction-refusal';
import type { Clock } from '../../clock';
import { appendConversationEvent } from '../../events/log';
import type { EventTransaction } from '../../events/log';
import type { Database } from '../../store/types';
import type { ConversationsService } from '../conversations/service';
import * as r from './reaction-queries';
import * as q from './queries';
import { forbidden } from '../groups/access';
import { notFound, refuseServiceLine } from './rules';
import type { MessagesService } from './service';

// Reactions on messages (protocol reactions.ts): one per person and message.
// Whoever can read a message may react to it (channel subscribers too);
// refused in the System chat and in a direct chat with a block (403), on a
// message the caller cannot see or that is deleted (404). Every change
// appends `message.reactions` with the message's whole list, so every open
// device of every member shows it, and an event applied twice changes nothing.

export function createReactionsService(deps: {
  db: Kysely<Database>;
  now: Clock;
  conversations: ConversationsService;
  messages: Pick<MessagesService, 'visibleTo'>;
  transaction: EventTransaction;
}) {
  const { db, now, conversations, messages, transaction } = deps;

  /** The message as the caller sees it, and their right to react there. */
  async function reactable(userId: number, messageId: number) {
    const message = await messages.visibleTo(userId, messageId);
    refuseServiceLine(message);
    const access = await conversations.requireAccess(userId, message.conversation_id);
    const refusal = reactionRefusalText(access);
    if (refusal !== null) throw forbidden(refusal);
    return { message, access };
  }

  /** Changes the caller's reaction, then appends the message's new list (unless nothing changed). */
  async function change(
    userId: number,
    messageId: number,
    write: (trx: Kysely<Database>, at: string) => Promise<boolean>,
  ): Promise<ReactionsReply> {
    const { access } = await reactable(userId, messageId);
    const reactions = await transaction(async (trx) => {
      // The conversation's lock orders this with a concurrent delete-for-everyone.
      await conversations.lock(trx, access.id);
      // Deleted for everyone since the check: its reactions are gone, none may come.
      const row = await q.findById(trx, messageId);
      if (!row || row.deleted_at !== null) throw notFound();
      const at = now().toISOString();
      const changed = await write(trx, at);
      const list = (await r.reactionsOf(trx, [messageId])).get(messageId) ?? [];
      if (changed) {
        const payload = { message_id: messageId, reactions: list };
        await appendConversationEvent(trx, access.id, 'message.reactions', payload, at);
      }
      return list;
    });
    return { status: 'ok', message_id: messageId, reactions };
  }

  return {
    /** Sets the caller's one reaction (replacing theirs). Setting the same again changes nothing. */
    set(userId: number, messageId: number, emoji: string): Promise<ReactionsReply> {
      return change(userId, messageId, async (trx, at) => {
        const mine = (await r.reactionsOf(trx, [messageId]))
          .get(messageId)
          ?.find((x) => x.user_ids.includes(userId));
        if (mine?.emoji === emoji) return false;
        await r.setReaction(trx, { message_id: messageId, user_id: userId, emoji, created_at: at });
        return true;
      });
    },

    /** Takes the caller's reaction away; none to take is not an error. */
    remove(userId: number, messageId: number): Promise<ReactionsReply> {
      return change(userId, messageId, (trx) => r.removeReaction(trx, messageId, userId));
    },

    /** Who reacted with what, named (the "who reacted" list). */
    async reactors(userId: number, messageId: number): Promise<ReactorsReply> {
      await messages.visibleTo(userId, messageId);
      const rows = await r.reactorsOf(db, messageId);
      return {
        reactors: rows.map((x) => ({ emoji: x.emoji, user: { id: x.user_id, name: x.name } })),
      };
    },
  };
}

export type ReactionsService = ReturnType<typeof createReactionsService>;
