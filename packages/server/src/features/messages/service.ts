import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  ForwardRequest,
  HistoryReply,
  Message,
  MessageRef,
  sendMessageRequestSchema,
} from '@parley/protocol/message';
import { FILE_MESSAGE_TYPES, FILE_MSG } from '@parley/protocol/file';
import { GROUP_NOTICE_TYPE } from '@parley/protocol/group-notice';
import { MSG } from '@parley/protocol/messages';
import { can, roleOf } from '@parley/protocol/permissions';
import { MESSAGING_MSG } from '@parley/protocol/messaging-texts';
import type { Clock } from '../../clock';
import { isHttpError } from '../../http/http-error';
import { isUniqueViolation } from '../../store/dialect';
import type { Database } from '../../store/types';
import { isPicture } from '../../media/images';
import { appendConversationEvent, attachMessage, eventTransaction } from '../../events/log';
import type { EventPublisher } from '../../events/log';
import type { AccessRow } from '../conversations/queries';
import type { ConversationsService } from '../conversations/service';
import { attachUpload } from '../files/queries';
import { postRefusal } from '../groups/access';
import { slowModeApplies, takeSlowModeTurn } from '../groups/slow-mode';
import type { SharedMediaQuery, SharedMediaReply } from '@parley/protocol/shared-media';
import { historyPage } from './history-page';
import { sharedMediaPage } from './shared-media';
import * as q from './queries';
import { messageMentionKeys } from '@parley/protocol/rules/mentions';
import { forbidden, invalid, notFound, refuseServiceLine, visibility } from './rules';
import type { ChannelViews } from './channel-views';
import { createBotPosts } from './bot-posts';
import { createMessageRemoval } from './removal';
import { NO_HOOKS } from './hooks';
import type { MessageHooks } from './hooks';
import { createReadMarks } from './read-marks';
import { toMessages } from './to-message';

/** A send as the route (or the socket's `send`) parsed it; `file_id`: an upload of the sender's. */
export type SendInput = z.output<typeof sendMessageRequestSchema>;

/** What the messages service asks of the files feature. */
export interface FileLinks {
  /** A message lost its file: remove the file when nothing points at it. Never throws. */
  release(fileId: number): Promise<void>;
}

export function createMessagesService(
  db: Kysely<Database>,
  now: Clock,
  conversations: ConversationsService,
  publisher: EventPublisher,
  files: FileLinks = { release: async () => undefined },
  channelViews: ChannelViews | null = null,
  hooks: MessageHooks = NO_HOOKS,
) {
  const transaction = eventTransaction(db, publisher);
  const read = createReadMarks({ now, conversations, transaction, channelViews });

  async function one(
    id: number,
    from: Kysely<Database> = db,
    options: { fresh?: boolean } = {},
  ): Promise<Message> {
    const row = await q.findById(from, id);
    if (!row) throw notFound();
    const [message] = await toMessages(from, [row], options);
    if (!message) throw notFound();
    return message;
  }

  /** A message the caller can see in a conversation they belong to, else 404. */
  async function requireVisible(userId: number, messageId: number) {
    const message = await q.findById(db, messageId);
    if (!message || message.deleted_at !== null) throw notFound();
    const access = await conversations.requireAccess(userId, message.conversation_id);
    if (message.id <= access.cleared) throw notFound();
    return { message, access };
  }

  // WARNING: every transaction that touches a conversation's rows starts with
  // conversations.lock() (its row in `conversations`). One lock order for all
  // writers of a conversation is what keeps PostgreSQL free of deadlocks
  // between, say, a read (member row, then views, then the event) and a send
  // (event seq, then every member's unread counter).

  /** Inserts one message with its event, inside `trx`. `userId` null: the server's own notice. */
  async function insert(
    trx: Kysely<Database>,
    access: AccessRow,
    userId: number | null,
    fields: {
      uuid: string;
      message: string;
      parent_id: number | null;
      forwarded_id: number | null;
      file_id?: number | null;
      /** Set only by the server (a forward keeps its original's); clients cannot choose it. */
      type?: string;
      reply_markup?: string | null;
    },
  ): Promise<number> {
    // Lock the conversation row before taking an id: ids of one conversation
    // then become visible in id order, so an `after` cursor never skips a
    // message that commits late.
    await conversations.lock(trx, access.id);
    const at = now().toISOString();
    const id = await q.insertMessage(trx, {
      conversation_id: access.id,
      user_id: userId,
      ...fields,
      created_at: at,
      updated_at: at,
    });
    const seq = await conversations.afterNewMessage(
      trx,
      access,
      { id, user_id: userId, created_at: at, type: fields.type },
      userId === null ? [] : messageMentionKeys(fields),
    );
    await appendConversationEvent(trx, access.id, 'message.new', { message_id: id }, at, seq);
    // Group service lines are not messages to bots: membership reaches them as my_chat_member.
    if (userId !== null && fields.type !== GROUP_NOTICE_TYPE) {
      await hooks.inserted(trx, access, id, userId);
    }
    return id;
  }

  /** A send whose uuid is new: checks, then the message and its event in one transaction. */
  async function sendNew(userId: number, access: AccessRow, input: SendInput): Promise<Message> {
    const parentId = input.parent_id ?? null;
    if (parentId !== null) {
      const parent = await q.findById(db, parentId);
      if (!parent || parent.conversation_id !== access.id || parent.deleted_at !== null) {
        throw invalid('parent_id', MESSAGING_MSG.parentElsewhere);
      }
      refuseServiceLine(parent, 'parent_id');
    }
    const fileId = input.file_id ?? null;
    return transaction(async (trx) => {
      // Only in a group with slow mode on, and not for its moderators.
      if (slowModeApplies(access)) await takeSlowModeTurn(trx, access, now());
      // Only a send with a file pays for this: one conditional update claims the upload.
      let type: string | undefined;
      if (fileId !== null) {
        const upload = await attachUpload(trx, fileId, userId, now().toISOString());
        if (!upload) throw invalid('file_id', FILE_MSG.fileUnavailable);
        type = isPicture(upload.mime) ? FILE_MESSAGE_TYPES.image : FILE_MESSAGE_TYPES.file;
      }
      const id = await insert(trx, access, userId, {
        uuid: input.uuid,
        message: input.message,
        parent_id: parentId,
        forwarded_id: null,
        file_id: fileId,
        ...(type ? { type } : {}),
      });
      // Serialized once, inside the transaction: the reply and the event frame share it.
      const message = await one(id, trx, { fresh: true });
      attachMessage(trx, message);
      return message;
    });
  }

  /** The author changes their message: a new text marks it edited, a new markup alone does not. */
  async function editOwn(
    userId: number,
    messageId: number,
    change: { message?: string; reply_markup?: string | null },
  ): Promise<Message> {
    const { message, access } = await requireVisible(userId, messageId);
    refuseServiceLine(message);
    if (message.user_id !== userId) throw forbidden();
    const at = now().toISOString();
    const text = change.message !== undefined;
    await transaction(async (trx) => {
      await conversations.lock(trx, access.id);
      const edited = text ? { edited: 1 } : {}; // a new keyboard alone is no edit
      await q.updateMessage(trx, message.id, { ...change, ...edited, updated_at: at });
      const payload = { message_id: message.id };
      await appendConversationEvent(trx, access.id, 'message.edited', payload, at);
      if (text) await hooks.edited(trx, access, message.id, userId);
    });
    return one(message.id);
  }

  return {
    /**
     * A notice from the server itself (no sender) in the user's read-only
     * System conversation, e.g. a new sign-in: `type` tells clients how to
     * render the machine-readable `body`. Same transaction and event as any
     * message, published after commit.
     */
    async postSystemNotice(userId: number, type: string, body: string): Promise<number> {
      const access = await conversations.systemOf(userId);
      return transaction((trx) =>
        insert(trx, access, null, {
          uuid: randomUUID(),
          message: body,
          type,
          parent_id: null,
          forwarded_id: null,
        }),
      );
    },

    /**
     * A service line (a task change…) in the caller's transaction, sent as
     * `userId`: its `type` tells clients how to render the JSON `body`.
     */
    async postServiceLine(
      trx: Kysely<Database>,
      access: AccessRow,
      userId: number,
      type: string,
      body: string,
    ): Promise<number> {
      const fields = {
        uuid: randomUUID(),
        message: body,
        type,
        parent_id: null,
        forwarded_id: null,
      };
      return insert(trx, access, userId, fields);
    },

    /** Messages by id, serialized (realtime puts them in message events). */
    async byIds(ids: number[]): Promise<Message[]> {
      return toMessages(db, await q.findByIds(db, ids));
    },

    /**
     * One message exactly as this reader's history would show it (member,
     * not deleted, not cleared, not hidden for them), else 404. Other
     * features that act on a message a reader names start here.
     */
    async visibleTo(userId: number, messageId: number): Promise<q.MessageWithSender> {
      const row = await q.findById(db, messageId);
      if (!row) throw notFound();
      const access = await conversations.requireAccess(userId, row.conversation_id);
      const [seen] = await q.fromId(db, visibility(userId, access), messageId, 1);
      if (seen?.id !== messageId) throw notFound();
      return seen;
    },

    /**
     * Idempotent on (sender, uuid): a retry gets the first message back. The
     * unique index on (user_id, uuid) is the check: a retry's insert fails
     * and rolls back alone. Only then, or when a check refuses what the first
     * send already used (its upload is attached now, its parent deleted since),
     * is the uuid looked up: every send used to pay for that query first.
     * A retry is checked for access like a first send.
     */
    async send(userId: number, input: SendInput): Promise<Message> {
      const access = await conversations.requireAccess(userId, input.conversation_id);
      // The matrix's 'post' right, read from the access row already loaded: no query.
      const refusal = postRefusal(access);
      if (refusal) throw refusal;
      try {
        return await sendNew(userId, access, input);
      } catch (error) {
        // A retry of a send that went through meets the uniqueness check, an
        // upload already attached (422) or its own slow-mode turn (429).
        const retried =
          isUniqueViolation(error) ||
          (isHttpError(error) && (error.statusCode === 422 || error.statusCode === 429));
        const earlier = retried ? await q.findByUuid(db, userId, input.uuid) : undefined;
        if (!earlier) throw error;
        if (earlier.conversation_id !== input.conversation_id) {
          throw invalid('uuid', MESSAGING_MSG.uuidReused);
        }
        return one(earlier.id);
      }
    },

    async edit(userId: number, messageId: number, text: string): Promise<Message> {
      return editOwn(userId, messageId, { message: text });
    },

    ...createBotPosts({ db, now, conversations, transaction, insert, one, editOwn }),

    ...createMessageRemoval({ now, conversations, transaction, files, requireVisible }),

    /** A page of history, ascending. Cursors are ids, so concurrent sends never shift a page. */
    async history(
      userId: number,
      conversationId: number,
      options: {
        limit: number;
        before?: number | undefined;
        after?: number | undefined;
        around?: number | undefined;
      },
    ): Promise<HistoryReply> {
      const access = await conversations.requireAccess(userId, conversationId);
      const page = await historyPage(db, visibility(userId, access), options);
      return {
        messages: await toMessages(db, page.rows),
        has_older: page.hasOlder,
        has_newer: page.hasNewer,
      };
    },

    /** A page of the conversation's media, files or links, newest first (shared-media.ts). */
    async sharedMedia(
      userId: number,
      conversationId: number,
      query: SharedMediaQuery,
    ): Promise<SharedMediaReply> {
      const access = await conversations.requireAccess(userId, conversationId);
      const page = await sharedMediaPage(db, visibility(userId, access), query);
      return { messages: await toMessages(db, page.rows), has_more: page.hasMore };
    },

    read,

    /** Copies into another conversation; each copy's forwarded_id names the first original. */
    async forward(userId: number, input: ForwardRequest): Promise<Message[]> {
      const from = await conversations.requireAccess(userId, input.from_conversation_id);
      const to = await conversations.requireAccess(userId, input.to_conversation_id);
      const refusal = postRefusal(to);
      if (refusal) throw refusal;
      const v = visibility(userId, from);
      const wanted = new Set(input.ids);
      const originals = (await q.findByIds(db, [...wanted])).filter(
        (m) => m.conversation_id === from.id && m.deleted_at === null && m.id > v.cleared,
      );
      if (originals.length !== wanted.size) throw notFound();
      for (const m of originals) refuseServiceLine(m, 'ids');
      const ids = await transaction(async (trx) => {
        // A forward of several messages is one turn of slow mode.
        if (slowModeApplies(to)) await takeSlowModeTurn(trx, to, now());
        const out: number[] = [];
        for (const m of originals) {
          out.push(
            await insert(trx, to, userId, {
              uuid: randomUUID(),
              message: m.message,
              parent_id: null,
              forwarded_id: m.forwarded_id ?? m.id,
              // The copy points at the same file: it lives while any message does.
              file_id: m.file_id,
              // A forwarded notice stays a notice: its body is machine-readable.
              type: m.type,
            }),
          );
        }
        return out;
      });
      return toMessages(db, await q.findByIds(db, ids));
    },

    async setPinned(
      userId: number,
      conversationId: number,
      messageId: number | null,
    ): Promise<MessageRef | null> {
      const access = await conversations.requireAccess(userId, conversationId);
      if (!can(roleOf(access.role), 'pin', access.type)) throw forbidden();
      let ref: MessageRef | null = null;
      if (messageId !== null) {
        const { message } = await requireVisible(userId, messageId);
        if (message.conversation_id !== access.id) throw invalid('message_id', MSG.notFound);
        refuseServiceLine(message);
        const sender =
          message.user_id === null
            ? null
            : { id: message.user_id, name: message.sender_name ?? '' };
        ref = {
          id: message.id,
          message: message.message,
          type: message.type,
          sender,
          deleted: false,
        };
      }
      const at = now().toISOString();
      await transaction(async (trx) => {
        await conversations.lock(trx, access.id);
        await conversations.setPinnedMessage(trx, access.id, messageId);
        await appendConversationEvent(
          trx,
          access.id,
          'conversation.pinned_message',
          { message_id: messageId },
          at,
        );
      });
      return ref;
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
