import type { Kysely } from 'kysely';
import { PERSONAL_KINDS } from '@parley/protocol/rules/kinds';
import type { ConversationEventRow, UserEventRow } from '../events/log';
import { conversationEventStored } from '@parley/protocol/events/conversation-events';
import type { ConversationEventType } from '@parley/protocol/events/conversation-events';
import { userEventPayloads } from '@parley/protocol/events/user-events';
import type { UserEventType } from '@parley/protocol/events/user-events';
import { postRefusalText } from '@parley/protocol/rules/post-refusal';
import { flag } from '../store/types';
import type { Database } from '../store/types';
import { rowLimit } from '../store/row-limit';

// The reads of the gateway: memberships, the two event logs after a seq, and
// who shares a conversation with whom (presence). All start from indexed keys.

export interface Membership {
  conversationId: number;
  lastSeq: number;
  joinedAt: string;
}

/** A link counts when it gives access: a group left (deleted) does not, a hidden direct chat does. */
const gives = (row: { type: string; deleted: boolean | number }) =>
  !flag(row.deleted) || PERSONAL_KINDS.some((k) => k === row.type);

export async function memberships(
  db: Kysely<Database>,
  userId: number,
  conversationId?: number,
): Promise<Membership[]> {
  let query = db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['c.id', 'c.type', 'c.last_seq', 'm.deleted', 'm.joined_at'])
    .where('m.user_id', '=', userId);
  if (conversationId !== undefined) query = query.where('c.id', '=', conversationId);
  const rows = await query.execute();
  return rows
    .filter(gives)
    .map((r) => ({ conversationId: r.id, lastSeq: r.last_seq, joinedAt: r.joined_at }));
}

/** The last seq written before `at` (0 if none): where a member who joined at `at` starts. */
export async function seqBefore(
  db: Kysely<Database>,
  conversationId: number,
  at: string,
): Promise<number> {
  const row = await db
    .selectFrom('conversation_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('conversation_id', '=', conversationId)
    .where('created_at', '<', at)
    .executeTakeFirst();
  return row?.seq ?? 0;
}

/**
 * A log row as stored (payload as JSON text) → as delivered, parsed with its
 * type's schema: a row written by another version of the server is checked
 * like any input. The type and payload belong together by that parse.
 */
function decodeConversationRow(r: {
  conversation_id: number;
  seq: number;
  type: string;
  payload: string;
}): ConversationEventRow {
  const type = r.type as ConversationEventType;
  const schema = conversationEventStored[type];
  if (!schema) throw new Error(`conversation event ${r.seq}: unknown type ${r.type}`);
  const payload = schema.parse(JSON.parse(r.payload));
  return { conversation_id: r.conversation_id, seq: r.seq, type, payload } as ConversationEventRow;
}

function decodeUserRow(r: { user_id: number; seq: number; type: string; payload: string }) {
  const type = r.type as UserEventType;
  const schema = userEventPayloads[type];
  if (!schema) throw new Error(`user event ${r.seq}: unknown type ${r.type}`);
  const payload = schema.parse(JSON.parse(r.payload));
  return { user_id: r.user_id, seq: r.seq, type, payload } as UserEventRow;
}

export async function conversationEventsAfter(
  db: Kysely<Database>,
  conversationId: number,
  after: number,
  limit: number,
): Promise<ConversationEventRow[]> {
  const rows = await db
    .selectFrom('conversation_events')
    .select(['conversation_id', 'seq', 'type', 'payload'])
    .where('conversation_id', '=', conversationId)
    .where('seq', '>', after)
    .orderBy('seq')
    .limit(rowLimit(limit))
    .execute();
  return rows.map(decodeConversationRow);
}

export async function userEventsAfter(
  db: Kysely<Database>,
  userId: number,
  after: number,
  limit: number,
): Promise<UserEventRow[]> {
  const rows = await db
    .selectFrom('user_events')
    .select(['user_id', 'seq', 'type', 'payload'])
    .where('user_id', '=', userId)
    .where('seq', '>', after)
    .orderBy('seq')
    .limit(rowLimit(limit))
    .execute();
  return rows.map(decodeUserRow);
}

export async function userState(db: Kysely<Database>, userId: number) {
  const row = await db
    .selectFrom('users')
    .select(['last_seq', 'hide_status', 'last_seen_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row
    ? { lastSeq: row.last_seq, hidden: flag(row.hide_status), lastSeenAt: row.last_seen_at }
    : null;
}

/** Users sharing a conversation with `userId` whose status is visible (hide_status off). */
export async function visibleContacts(
  db: Kysely<Database>,
  userId: number,
  conversationId?: number,
): Promise<number[]> {
  let query = db
    .selectFrom('conversation_members as mine')
    .innerJoin('conversation_members as other', 'other.conversation_id', 'mine.conversation_id')
    .innerJoin('users as u', 'u.id', 'other.user_id')
    .select('u.id')
    .distinct()
    .where('mine.user_id', '=', userId)
    .where('other.user_id', '!=', userId)
    .where('u.hide_status', '=', 0);
  if (conversationId !== undefined)
    query = query.where('mine.conversation_id', '=', conversationId);
  return (await query.execute()).map((r) => r.id);
}

/** The permission matrix's 'post' for a socket frame (typing), by the same rule as sending. */
export async function mayPost(
  db: Kysely<Database>,
  userId: number,
  conversationId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .selectAll('c')
    .selectAll('m')
    .where('m.user_id', '=', userId)
    .where('m.conversation_id', '=', conversationId)
    .executeTakeFirst();
  return row !== undefined && postRefusalText(row) === null;
}
