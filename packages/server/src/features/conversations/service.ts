import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  Conversation,
  ConversationList,
  DirectRequest,
  Keyboard,
} from '@parley/protocol/conversation';
import { MSG } from '@parley/protocol/messages';
import { GROUP_MSG } from '@parley/protocol/group';
import { MESSAGING_MSG } from '@parley/protocol/messaging-texts';
import type { Clock } from '../../clock';
import { HttpError } from '../../http/http-error';
import { isUniqueViolation } from '../../store/dialect';
import { flag } from '../../store/types';
import type { ConversationKind, Database } from '../../store/types';
import type { UsersService } from '../users/service';
import type { UserEventStored } from '@parley/protocol/events/user-events';
import { appendConversationEvent, appendUserEvent, eventTransaction } from '../../events/log';
import { PERSONAL_KINDS } from '@parley/protocol/rules/kinds';
import { afterNewMessage, afterRemovedMessage } from './message-effects';
import type { EventPublisher } from '../../events/log';
import * as q from './queries';
import type { AccessRow, PivotChange } from './queries';
import { NO_MEMBERSHIP_HOOKS } from './hooks';
import type { MembershipHooks } from './hooks';

/** The user events that record a change of the caller's own link. */
type PivotEventType = 'conversation.updated' | 'conversation.cleared' | 'conversation.deleted';
import { cursorAfter, decodeCursor, encodeCursor, listPage, walksFor } from './list-page';
import { toConversations } from './to-conversation';

const notFound = () => new HttpError(404, MSG.notFound);

export const directKey = (a: number, b: number) => `direct:${Math.min(a, b)}:${Math.max(a, b)}`;
const savedKey = (userId: number) => `saved:${userId}`;
const systemKey = (userId: number) => `system:${userId}`;

/**
 * A member leaves a group or channel (groups/membership.ts `dismiss`), handed
 * in by app.ts: groups build on conversations, never the reverse.
 */
export type LeaveGroup = (
  trx: Kysely<Database>,
  conversationId: number,
  userId: number,
  at: string,
) => Promise<void>;

export function createConversationsService(
  db: Kysely<Database>,
  now: Clock,
  users: UsersService,
  publisher: EventPublisher,
  leaveGroup: LeaveGroup,
  hooks: MembershipHooks = NO_MEMBERSHIP_HOOKS,
) {
  const transaction = eventTransaction(db, publisher);

  /** Inserts a conversation and its members, with the creation events, inside `trx`. */
  async function create(
    trx: Kysely<Database>,
    kind: ConversationKind,
    fields: { name: string | null; uniqueKey: string | null; createdBy: number | null },
    members: { userId: number; role: 'owner' | null }[],
    at: string,
  ): Promise<number> {
    const id = await q.insertConversation(trx, {
      type: kind,
      name: fields.name,
      unique_key: fields.uniqueKey,
      created_by: fields.createdBy,
      created_at: at,
      last_activity_at: at,
    });
    await q.insertMembers(
      trx,
      members.map((m) => ({ conversation_id: id, user_id: m.userId, role: m.role, joined_at: at })),
    );
    await appendConversationEvent(trx, id, 'conversation.created', { conversation_id: id }, at);
    // Users' rows are locked in id order, so two creations never wait on each other in a loop.
    for (const m of [...members].sort((a, b) => a.userId - b.userId)) {
      await appendUserEvent(trx, m.userId, 'conversation.joined', { conversation_id: id }, at);
    }
    return id;
  }

  /** Saved Messages and System (with its welcome message), each created only if missing. */
  async function provisionUser(trx: Kysely<Database>, userId: number): Promise<void> {
    const at = now().toISOString();
    if ((await q.idByUniqueKey(trx, savedKey(userId))) === null) {
      const fields = { name: 'Saved Messages', uniqueKey: savedKey(userId), createdBy: userId };
      await create(trx, 'saved', fields, [{ userId, role: null }], at);
    }
    if ((await q.idByUniqueKey(trx, systemKey(userId))) === null) {
      const fields = { name: 'Parley', uniqueKey: systemKey(userId), createdBy: null };
      const id = await create(trx, 'system', fields, [{ userId, role: null }], at);
      const welcome = await trx
        .insertInto('messages')
        .values({
          conversation_id: id,
          user_id: null,
          uuid: randomUUID(),
          message: MESSAGING_MSG.welcome,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('conversations')
        .set({ last_message_id: welcome.id, last_message_at: at, last_activity_at: at })
        .where('id', '=', id)
        .execute();
      await q.updatePivot(trx, userId, id, { new_messages: 1 });
      await appendConversationEvent(trx, id, 'message.new', { message_id: welcome.id }, at);
    }
  }

  /** provisionUser outside registration; a concurrent twin may win the unique key, which is fine. */
  async function ensureOwn(userId: number): Promise<void> {
    try {
      await transaction((trx) => provisionUser(trx, userId));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }

  /** The caller's view of a conversation, or 404 — not a member looks the same as no such id. */
  async function requireAccess(userId: number, conversationId: number): Promise<AccessRow> {
    const row = await q.findAccess(db, userId, conversationId);
    if (!row) throw notFound();
    if (row.deleted && !PERSONAL_KINDS.includes(row.type)) throw notFound();
    return row;
  }

  async function get(userId: number, conversationId: number): Promise<Conversation> {
    const row = await requireAccess(userId, conversationId);
    const [conversation] = await toConversations(db, userId, [row]);
    if (!conversation) throw notFound();
    return conversation;
  }

  /** Changes the caller's link and records it in the caller's event log. */
  async function changePivot<T extends PivotEventType>(
    userId: number,
    conversationId: number,
    type: T,
    change: PivotChange & Omit<UserEventStored<T>, 'conversation_id'>,
  ): Promise<void> {
    const at = now().toISOString();
    await transaction(async (trx) => {
      await q.lockConversation(trx, conversationId);
      await q.updatePivot(trx, userId, conversationId, change);
      const payload = { conversation_id: conversationId, ...change } as UserEventStored<T>;
      await appendUserEvent(trx, userId, type, payload, at);
    });
  }

  /** Hiding history up to the newest message (or 1 when there is none) also resets unread. */
  const clearChange = (row: AccessRow) => ({
    cleared: Math.max(row.last_message_id ?? 1, row.cleared),
    new_messages: 0 as const,
    mentioned_message_id: null,
  });

  /** The user's System conversation (created if missing), as the caller's access row. */
  async function systemOf(userId: number): Promise<AccessRow> {
    let id = await q.idByUniqueKey(db, systemKey(userId));
    if (id === null) {
      await ensureOwn(userId);
      id = await q.idByUniqueKey(db, systemKey(userId));
    }
    if (id === null) throw notFound();
    return requireAccess(userId, id);
  }

  return {
    provisionUser,
    requireAccess,
    systemOf,
    get,

    /**
     * A page of the list, pinned first then newest activity. Accounts made
     * before this feature get their own conversations on their first list.
     */
    async list(
      userId: number,
      options: {
        limit: number;
        beforeCursor?: string | undefined;
        includeHidden?: boolean | undefined;
        hiddenOnly?: boolean | undefined;
        folderId?: number | undefined;
      },
    ): Promise<ConversationList> {
      const cursor = decodeCursor(options.beforeCursor);
      const folderId = options.folderId ?? null;
      // Before the page: whatever the page misses has a higher seq and comes by
      // socket. The own-conversation check, the seq and the list's route are
      // read at once (one round trip on PostgreSQL); an account that only now
      // gets its own conversations reads its seq again after them.
      const [own, seq, walked] = await Promise.all([
        cursor ? undefined : q.idByUniqueKey(db, systemKey(userId)),
        cursor ? undefined : q.userLastSeq(db, userId),
        options.hiddenOnly ? false : walksFor(db, userId, folderId),
      ]);
      let userSeq = seq;
      if (own === null) {
        await ensureOwn(userId);
        userSeq = await q.userLastSeq(db, userId);
      }
      const rows = await listPage(db, userId, {
        limit: options.limit + 1,
        cursor,
        includeHidden: options.includeHidden ?? false,
        hiddenOnly: options.hiddenOnly ?? false,
        folderId,
        walked,
      });
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      return {
        conversations: await toConversations(db, userId, page),
        next_cursor: rows.length > options.limit && last ? encodeCursor(cursorAfter(last)) : null,
        ...(userSeq === undefined ? {} : { user_seq: userSeq }),
      };
    },

    unread: (userId: number) => q.globalUnread(db, userId),

    /** Find-or-create; a concurrent twin loses on the unique key and reads the winner's row. */
    async openDirect(userId: number, target: DirectRequest): Promise<Conversation> {
      const other =
        'user_id' in target
          ? await users.findPublic(target.user_id)
          : await users.findPublicByUsername(target.username);
      if (!other) throw notFound();
      const key = other.id === userId ? savedKey(userId) : directKey(userId, other.id);
      let id = await q.idByUniqueKey(db, key);
      if (id === null && other.id === userId) {
        await ensureOwn(userId);
        id = await q.idByUniqueKey(db, key);
      }
      if (id === null) {
        const members = [
          { userId, role: null },
          { userId: other.id, role: null },
        ];
        const fields = { name: null, uniqueKey: key, createdBy: userId };
        try {
          id = await transaction((trx) =>
            create(trx, 'direct', fields, members, now().toISOString()),
          );
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          id = await q.idByUniqueKey(db, key);
        }
      }
      if (id === null) throw notFound();
      const row = await requireAccess(userId, id);
      // Opening a chat deleted for oneself brings it back (its history stays cleared).
      if (row.deleted) await changePivot(userId, id, 'conversation.updated', { deleted: 0 });
      return get(userId, id);
    },

    async setFlag(
      userId: number,
      conversationId: number,
      field: 'pinned' | 'muted' | 'hidden',
      value: boolean,
    ) {
      await requireAccess(userId, conversationId);
      const change: Partial<Record<typeof field, 0 | 1>> = {};
      change[field] = value ? 1 : 0;
      await changePivot(userId, conversationId, 'conversation.updated', change);
    },

    async clear(userId: number, conversationId: number) {
      const row = await requireAccess(userId, conversationId);
      await changePivot(userId, conversationId, 'conversation.cleared', clearChange(row));
    },

    /** Delete for me: hidden from the list with its history cleared; for a group, leaving it. */
    async deleteForMe(userId: number, conversationId: number) {
      const row = await requireAccess(userId, conversationId);
      if (!PERSONAL_KINDS.includes(row.type)) {
        // Leaving, with everything leaving does (the members' events, ownership handed on).
        await transaction(async (trx) => {
          await q.lockConversation(trx, conversationId);
          await leaveGroup(trx, conversationId, userId, now().toISOString());
        });
        return;
      }
      await changePivot(userId, conversationId, 'conversation.deleted', {
        ...clearChange(row),
        deleted: 1 as const,
        pinned: 0 as const,
      });
    },

    /** Spec 4: notifications on or off for one conversation (the caller's pivot). */
    async setNotifications(userId: number, conversationId: number, on: boolean) {
      await requireAccess(userId, conversationId);
      await changePivot(userId, conversationId, 'conversation.updated', {
        notifications: on ? 1 : 0,
      });
    },

    /**
     * Spec 4 Keyboard: a custom keyboard on the caller's pivot (null: none).
     * The event carries the rows themselves, as the pivot shows them.
     */
    async setKeyboard(userId: number, conversationId: number, keyboard: Keyboard | null) {
      await requireAccess(userId, conversationId);
      const at = now().toISOString();
      await transaction(async (trx) => {
        await q.updatePivot(trx, userId, conversationId, {
          keyboard: keyboard === null ? null : JSON.stringify(keyboard),
          keyboard_options: null,
        });
        const payload = { conversation_id: conversationId, keyboard, keyboard_options: null };
        await appendUserEvent(trx, userId, 'conversation.updated', payload, at);
      });
    },

    /**
     * Spec 4: block or unblock the friend of a direct chat (the caller's
     * pivot.blocked). While either side has blocked, neither can send; the
     * friend learns it as `friend_blocked` (their friend.pivot.blocked).
     */
    async setFriendBlocked(userId: number, conversationId: number, blocked: boolean) {
      const row = await requireAccess(userId, conversationId);
      if (row.type !== 'direct') {
        throw new HttpError(422, MSG.validationFailed, {
          conversation_id: [GROUP_MSG.notDirect],
        });
      }
      if (flag(row.blocked) === blocked) return;
      const at = now().toISOString();
      const value = blocked ? (1 as const) : (0 as const);
      await transaction(async (trx) => {
        await q.lockConversation(trx, conversationId);
        await q.updatePivot(trx, userId, conversationId, { blocked: value });
        await trx
          .updateTable('conversations')
          .set((eb) => ({ direct_blocks: eb('direct_blocks', '+', blocked ? 1 : -1) }))
          .where('id', '=', conversationId)
          .execute();
        const friendId = await q.otherMember(trx, conversationId, userId);
        const payload = { conversation_id: conversationId };
        const ids = [userId, ...(friendId === null ? [] : [friendId])].sort((a, b) => a - b);
        for (const id of ids) {
          const change = id === userId ? { blocked: value } : { friend_blocked: value };
          await appendUserEvent(trx, id, 'conversation.updated', { ...payload, ...change }, at);
        }
        if (friendId !== null) {
          await hooks.blocked(trx, conversationId, userId, friendId, blocked, at);
        }
      });
    },

    hooks,
    // For the messages feature, inside its transactions.
    afterNewMessage,
    afterRemovedMessage,
    updatePivot: q.updatePivot,
    setPinnedMessage: q.setPinnedMessage,
    lock: q.lockConversation,
    globalUnread: (userId: number) => q.globalUnread(db, userId),
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
