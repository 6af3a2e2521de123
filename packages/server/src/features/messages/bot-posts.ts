import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Message } from '@parley/protocol/message';
import { FILE_MESSAGE_TYPES, FILE_MSG } from '@parley/protocol/file';
import { MESSAGING_MSG } from '@parley/protocol/messaging-texts';
import type { Clock } from '../../clock';
import { attachMessage } from '../../events/log';
import type { EventTransaction } from '../../events/log';
import { isPicture } from '../../media/images';
import type { Database } from '../../store/types';
import type { AccessRow } from '../conversations/queries';
import type { ConversationsService } from '../conversations/service';
import { attachUpload } from '../files/queries';
import { postRefusal } from '../groups/access';
import * as q from './queries';
import { invalid } from './rules';

// What the bots feature posts and edits through the messages service: the
// same insert, checks and events as a person's message, plus the bot's
// markup. Built by service.ts, which hands in its own insert and edit.

/** A bot's message (bots feature): its markup as stored JSON, its file already checked. */
export interface BotPost {
  message: string;
  parent_id: number | null;
  /** An upload of the bot's (attached now) or a file it may read (reused). */
  file: { id: number; mime: string; attached: boolean } | null;
  reply_markup: string | null;
}

type Insert = (
  trx: Kysely<Database>,
  access: AccessRow,
  userId: number | null,
  fields: {
    uuid: string;
    message: string;
    parent_id: number | null;
    forwarded_id: number | null;
    file_id?: number | null;
    type?: string;
    reply_markup?: string | null;
  },
) => Promise<number>;

export function createBotPosts(deps: {
  db: Kysely<Database>;
  now: Clock;
  conversations: ConversationsService;
  transaction: EventTransaction;
  insert: Insert;
  one: (id: number, from?: Kysely<Database>) => Promise<Message>;
  editOwn: (
    userId: number,
    messageId: number,
    change: { message?: string; reply_markup?: string | null },
  ) => Promise<Message>;
}) {
  const { db, now, conversations, transaction, insert, one, editOwn } = deps;
  return {
    /** A bot posts (checks as any member's send: access, the right to post, the parent). */
    async postAs(botId: number, conversationId: number, post: BotPost): Promise<Message> {
      const access = await conversations.requireAccess(botId, conversationId);
      const refusal = postRefusal(access);
      if (refusal) throw refusal;
      if (post.parent_id !== null) {
        const parent = await q.findById(db, post.parent_id);
        if (!parent || parent.conversation_id !== access.id || parent.deleted_at !== null) {
          throw invalid('parent_id', MESSAGING_MSG.parentElsewhere);
        }
      }
      const file = post.file;
      return transaction(async (trx) => {
        if (file && !file.attached) {
          const upload = await attachUpload(trx, file.id, botId, now().toISOString());
          if (!upload) throw invalid('file_id', FILE_MSG.fileUnavailable);
        }
        const type = file
          ? isPicture(file.mime)
            ? FILE_MESSAGE_TYPES.image
            : FILE_MESSAGE_TYPES.file
          : undefined;
        const id = await insert(trx, access, botId, {
          uuid: randomUUID(),
          message: post.message,
          parent_id: post.parent_id,
          forwarded_id: null,
          file_id: file?.id ?? null,
          reply_markup: post.reply_markup,
          ...(type ? { type } : {}),
        });
        const message = await one(id, trx);
        attachMessage(trx, message);
        return message;
      });
    },

    /** A bot changes its own message's text and/or inline keyboard (editMessageText / ReplyMarkup). */
    editAs(
      botId: number,
      messageId: number,
      change: { message?: string; reply_markup?: string | null },
    ): Promise<Message> {
      return editOwn(botId, messageId, change);
    },
  };
}
