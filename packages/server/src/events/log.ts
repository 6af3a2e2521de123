import type { Kysely } from 'kysely';
import type {
  ConversationEventStored,
  ConversationEventType,
} from '@parley/protocol/events/conversation-events';
import { strictConversationStored, strictUserStored } from '@parley/protocol/events/strict';
import type { UserEventStored, UserEventType } from '@parley/protocol/events/user-events';
import type { Message } from '@parley/protocol/message';
import { compiledOnce } from '../store/compiled-once';
import { groupedTransaction } from '../store/group-commit';
import type { Database } from '../store/types';

// The two event logs realtime will resume from. Each append takes the next
// sequence with an UPDATE … RETURNING on the owning row, inside the caller's
// transaction (or is handed the seq its caller took in its own UPDATE of that
// row: a new message's, together with the conversation's last message). On
// PostgreSQL that row lock orders concurrent writers to one conversation (so
// message ids and seqs rise together), on SQLite the single writer does. A
// client that saw seq N reads `seq > N` and misses nothing.

export type { ConversationEventType, UserEventType };

/** A conversation event as its log row holds it: the payload typed by `type`. */
export type ConversationEventRow = {
  [T in ConversationEventType]: {
    conversation_id: number;
    seq: number;
    type: T;
    payload: ConversationEventStored<T>;
  };
}[ConversationEventType];

/** A user event as its log row holds it. */
export type UserEventRow = {
  [T in UserEventType]: {
    user_id: number;
    seq: number;
    type: T;
    payload: UserEventStored<T>;
  };
}[UserEventType];

/** The rows one transaction appended, in append order. */
export interface AppendedEvents {
  conversation: ConversationEventRow[];
  user: UserEventRow[];
  /** Messages the transaction already serialized, so the publisher need not load them again. */
  messages?: Map<number, Message>;
  /** Work that must wait for the commit (waking a bot's long poll); run after publishing. */
  afterCommit?: (() => void)[];
}

/**
 * Realtime's side of the logs: told about rows only after their transaction
 * committed, so a live client never sees an event a rollback undid. It never
 * throws — a lost publish is repaired by the client's resume.
 */
export interface EventPublisher {
  published(events: AppendedEvents): Promise<void>;
  /**
   * Inside the transaction, after its work and before the COMMIT: a
   * transactional outbox (Web Push queues its fan-out here, so the row shares
   * the send's COMMIT and is never lost nor written without the message).
   */
  beforeCommit?(trx: Kysely<Database>, events: AppendedEvents): Promise<void>;
}

export type EventTransaction = <T>(fn: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;

/** What the appends of an open transaction collect, keyed by its `trx`. */
const collecting = new WeakMap<Kysely<Database>, AppendedEvents>();

/**
 * A transaction (store/group-commit.ts) that, after the commit, hands every event
 * appended through its `trx` to the publisher. Writers of events use this
 * instead of a bare transaction; an append in a bare one is stored but not
 * published live (a new account's own chats: nobody listens yet).
 */
export function eventTransaction(
  db: Kysely<Database>,
  publisher: EventPublisher,
): EventTransaction {
  return async (fn) => {
    const appended: AppendedEvents = { conversation: [], user: [] };
    // Grouped: on SQLite the sends of one event-loop turn share a COMMIT. The
    // jobs of a batch run one after another, so `collecting` holds this job's.
    const result = await groupedTransaction(db, async (trx) => {
      collecting.set(trx, appended);
      const value = await fn(trx);
      if (publisher.beforeCommit && appended.conversation.length > 0)
        await publisher.beforeCommit(trx, appended);
      return value;
    });
    if (appended.conversation.length > 0 || appended.user.length > 0) {
      await publisher.published(appended);
    }
    for (const fn of appended.afterCommit ?? []) fn();
    return result;
  };
}

/**
 * Runs `fn` once the transaction of `trx` committed (never after a
 * rollback). Outside an event transaction it is never run: callers use one.
 */
export function afterCommit(trx: Kysely<Database>, fn: () => void): void {
  const appended = collecting.get(trx);
  if (appended) (appended.afterCommit ??= []).push(fn);
}

/**
 * Hands a message serialized inside the transaction (as it is at commit) to
 * the publisher, which would otherwise load it again for the event frame.
 */
export function attachMessage(trx: Kysely<Database>, message: Message): void {
  const appended = collecting.get(trx);
  if (appended) (appended.messages ??= new Map()).set(message.id, message);
}

// Every conversation event (every send) runs these two: compiled once.
const nextConversationSeq = compiledOnce((db, conversationId: number) =>
  db
    .updateTable('conversations')
    .set((eb) => ({ last_seq: eb('last_seq', '+', 1) }))
    .where('id', '=', conversationId)
    .returning('last_seq'),
);
const insertConversationEvent = compiledOnce(
  (db, conversationId: number, seq: number, type: string, payload: string, at: string) =>
    db.insertInto('conversation_events').values({
      conversation_id: conversationId,
      seq,
      type,
      payload,
      created_at: at,
    }),
);

async function takeConversationSeq(trx: Kysely<Database>, conversationId: number): Promise<number> {
  const [row] = await nextConversationSeq(trx, conversationId);
  if (!row) throw new Error(`appendConversationEvent: no conversation ${conversationId}`);
  return row.last_seq;
}

/**
 * Appends a conversation event. The payload is parsed against its type's
 * strict schema first (protocol events/): a field the contract does not
 * declare throws here, inside the transaction, instead of reaching clients.
 */
export async function appendConversationEvent<T extends ConversationEventType>(
  trx: Kysely<Database>,
  conversationId: number,
  type: T,
  payload: ConversationEventStored<T>,
  at: string,
  /** A seq the caller already took on the conversation row in this transaction. */
  takenSeq?: number,
): Promise<number> {
  strictConversationStored(type, payload);
  const seq = takenSeq ?? (await takeConversationSeq(trx, conversationId));
  await insertConversationEvent(trx, conversationId, seq, type, JSON.stringify(payload), at);
  const appended = { conversation_id: conversationId, seq, type, payload } as ConversationEventRow;
  collecting.get(trx)?.conversation.push(appended);
  return seq;
}

/** Appends a user event; the payload is parsed strictly first, as for conversation events. */
export async function appendUserEvent<T extends UserEventType>(
  trx: Kysely<Database>,
  userId: number,
  type: T,
  payload: UserEventStored<T>,
  at: string,
): Promise<number> {
  strictUserStored(type, payload);
  const { last_seq: seq } = await trx
    .updateTable('users')
    .set((eb) => ({ last_seq: eb('last_seq', '+', 1) }))
    .where('id', '=', userId)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('user_events')
    .values({ user_id: userId, seq, type, payload: JSON.stringify(payload), created_at: at })
    .execute();
  collecting.get(trx)?.user.push({ user_id: userId, seq, type, payload } as UserEventRow);
  return seq;
}
