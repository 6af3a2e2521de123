import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { GROUP_NOTICE_TYPE } from '@parley/protocol/group-notice';
import type { Database } from '../../store/types';
import { countsInUnread } from '../conversations/queries';
import { SPOILER_MASK } from '@parley/protocol/rules/message-line';
import { pushPayloadFor } from './rules';
import type { PushConversation, PushMessage, PushRecipient } from './rules';
import type { NewPushJob } from './queue';
import { devicesOf } from './subscriptions';
import { flagIs } from '../../store/flag-literal';

// One new message → one push job per device that should hear of it. Runs in
// the push worker, never in the send: it reads the message, its
// conversation's members who have a device, their settings and unread
// counts in four queries, whatever the group's size.

/** How long a push service keeps a push for an offline device (RFC 8030 TTL). */
export const PUSH_TTL_SECONDS = 24 * 3600;

const flag = (v: boolean | number | null) => v === true || v === 1;

async function loadMessage(
  db: Kysely<Database>,
  messageId: number,
): Promise<{ message: PushMessage; conversation: PushConversation } | null> {
  const row = await db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('messages as p', 'p.id', 'm.parent_id')
    .select([
      'm.id',
      'm.conversation_id',
      'm.user_id',
      'm.message',
      'm.type',
      'm.file_id',
      'm.created_at',
      'm.deleted_at',
      'u.name as sender_name',
      'u.avatar as sender_avatar',
      'p.user_id as parent_user_id',
      'c.type as conversation_type',
      'c.name as conversation_name',
      'c.avatar as conversation_avatar',
    ])
    .where('m.id', '=', messageId)
    .executeTakeFirst();
  // A group's service line ("Anna joined the group") is never notified (protocol group-notice.ts).
  if (!row || row.deleted_at !== null || row.type === GROUP_NOTICE_TYPE) return null;
  return {
    message: {
      id: row.id,
      conversation_id: row.conversation_id,
      user_id: row.user_id,
      sender_name: row.sender_name,
      sender_avatar: row.sender_avatar,
      parent_user_id: row.parent_user_id,
      text: row.message,
      type: row.type,
      has_file: row.file_id !== null,
      created_at: row.created_at,
    },
    conversation: {
      id: row.conversation_id,
      type: row.conversation_type,
      name: row.conversation_name,
      avatar: row.conversation_avatar,
      secret: false,
    },
  };
}

/** The members (other than the sender) that have at least one device. */
async function recipients(
  db: Kysely<Database>,
  message: PushMessage,
): Promise<Map<number, Omit<PushRecipient, 'unread'>>> {
  const rows = await db
    .selectFrom('conversation_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.user_id',
      'm.muted',
      'm.notifications',
      'm.blocked',
      'm.last_read_message_id',
      'm.mentioned_message_id',
      'u.notifications as user_notifications',
      'u.muted as user_muted',
      'u.paranoid',
      'u.timezone',
    ])
    .where('m.conversation_id', '=', message.conversation_id)
    .where(flagIs('m.deleted', false))
    .where('m.member_status', '=', 'member')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('push_subscriptions as p')
          .select(sql`1`.as('one'))
          .whereRef('p.user_id', '=', 'm.user_id'),
      ),
    )
    .execute();
  // A direct chat is blocked for both when either link is (rules/blocked.ts).
  const senderBlocked = await senderLinkBlocked(db, message);
  const out = new Map<number, Omit<PushRecipient, 'unread'>>();
  for (const r of rows) {
    if (r.user_id === message.user_id) continue;
    out.set(r.user_id, {
      user: {
        id: r.user_id,
        notifications: flag(r.user_notifications),
        muted: flag(r.user_muted),
        paranoid: flag(r.paranoid),
      },
      pivot: {
        muted: flag(r.muted),
        notifications: flag(r.notifications),
        last_read_message_id: r.last_read_message_id,
        mentioned_message_id: r.mentioned_message_id,
      },
      blocked: flag(r.blocked) || senderBlocked,
      timeZone: r.timezone,
    });
  }
  return out;
}

async function senderLinkBlocked(db: Kysely<Database>, message: PushMessage): Promise<boolean> {
  if (message.user_id === null) return false;
  const row = await db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select('m.blocked')
    .where('m.conversation_id', '=', message.conversation_id)
    .where('m.user_id', '=', message.user_id)
    .where('c.type', '=', 'direct')
    .executeTakeFirst();
  return row ? flag(row.blocked) : false;
}

export async function unreadCounts(
  db: Kysely<Database>,
  userIds: number[],
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('conversation_members')
    .select((eb) => [
      'user_id',
      eb.fn.coalesce(eb.fn.sum<number>('new_messages'), sql<number>`0`).as('count'),
    ])
    .where('user_id', 'in', userIds)
    .where(countsInUnread)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.count)]));
}

/**
 * A message text's words as the list shows them (markers gone, spoilers
 * masked). The parser is loaded at the first push, as the sender is
 * (service.ts): a server whose users have no device never loads it.
 */
async function plainWords(): Promise<(text: string) => string> {
  const { plainText } = await import('@parley/protocol/rules/format/text');
  return (text) => plainText(text, { spoilerMask: SPOILER_MASK });
}

/** The jobs one message makes (none when it is gone or nobody should hear of it). */
export async function fanOut(
  db: Kysely<Database>,
  messageId: number,
  at: Date,
): Promise<NewPushJob[]> {
  const loaded = await loadMessage(db, messageId);
  if (!loaded) return [];
  const { message, conversation } = loaded;
  const members = await recipients(db, message);
  const userIds = [...members.keys()];
  const [devices, unread] = await Promise.all([
    devicesOf(db, userIds, at.toISOString()),
    unreadCounts(db, userIds),
  ]);
  const plain = await plainWords();
  const jobs: NewPushJob[] = [];
  for (const device of devices) {
    const member = members.get(device.user_id);
    if (!member) continue;
    const recipient = { ...member, unread: unread.get(device.user_id) ?? 0 };
    const payload = pushPayloadFor(
      conversation,
      message,
      recipient,
      device.locale,
      at.getTime(),
      plain,
    );
    if (!payload) continue;
    jobs.push({
      subscription_id: device.id,
      payload: JSON.stringify(payload),
      // RFC 8030 Topic: the push service keeps only the newest undelivered
      // push per conversation for an offline device (the tag's twin).
      topic: `c${conversation.id}`,
      ttl_seconds: PUSH_TTL_SECONDS,
    });
  }
  return jobs;
}
