import type { Kysely } from 'kysely';
import { compiledOnce } from '../../store/compiled-once';
import type { Database } from '../../store/types';
import { rowLimit } from '../../store/row-limit';
import { flagIs } from '../../store/flag-literal';

// The durable push queue, in two tables that work alike on SQLite and
// PostgreSQL (0015-push). A row is claimed with one UPDATE whose WHERE
// re-checks `claimed_until <= now`: on PostgreSQL a second node's UPDATE of
// the same row waits for the first, re-reads it and no longer matches; on
// SQLite writers are serialized anyway. So a row is worked on by one node at
// a time; a node that dies holding a claim loses it when `claimed_until`
// passes, and another node picks the row up (at-least-once, never twice
// while the claimer lives). Finished rows are deleted.

/** How long a claim lasts: longer than a push request's timeout. */
export const CLAIM_MS = 60_000;

export interface NewPushJob {
  subscription_id: number;
  payload: string;
  topic: string | null;
  ttl_seconds: number;
}

export interface ClaimedJob extends NewPushJob {
  id: number;
  attempts: number;
  expires_at: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Is there anyone to push a message to: a member other than its sender (all
 * members for a server-written one) with a device? The same members the
 * fan-out's `recipients` reads, so a message it would push to is never left
 * out; the rest (no one in the chat has push on) cost no outbox row, no wake
 * of the worker and no claim rounds.
 */
const pushRecipientOf = compiledOnce((db, messageId: number) =>
  db
    .selectFrom('messages as msg')
    .innerJoin('conversation_members as m', 'm.conversation_id', 'msg.conversation_id')
    .innerJoin('push_subscriptions as p', 'p.user_id', 'm.user_id')
    .select('m.user_id')
    .where('msg.id', '=', messageId)
    .where(flagIs('m.deleted', false))
    .where('m.member_status', '=', 'member')
    .where((eb) =>
      eb.or([eb('msg.user_id', 'is', null), eb('m.user_id', '<>', eb.ref('msg.user_id'))]),
    )
    .limit(rowLimit(1)),
);

/** The messages among `messageIds` that someone may be pushed about (in the send's transaction). */
export async function withPushRecipients(
  db: Kysely<Database>,
  messageIds: number[],
): Promise<number[]> {
  const out: number[] = [];
  for (const id of messageIds) if ((await pushRecipientOf(db, id)).length > 0) out.push(id);
  return out;
}

/** After the send's commit: the message will be fanned out to its members' devices. */
export async function addToOutbox(
  db: Kysely<Database>,
  messageIds: number[],
  at: Date,
): Promise<void> {
  if (messageIds.length === 0) return;
  const created_at = at.toISOString();
  await db
    .insertInto('push_outbox')
    .values(messageIds.map((message_id) => ({ message_id, created_at })))
    .execute();
}

/** Claims up to `limit` outbox rows; returns them (id, message_id). */
export async function claimOutbox(
  db: Kysely<Database>,
  at: Date,
  limit: number,
): Promise<{ id: number; message_id: number }[]> {
  const now = at.toISOString();
  return db
    .updateTable('push_outbox')
    .set({ claimed_until: iso(at.getTime() + CLAIM_MS) })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('push_outbox')
        .select('id')
        .where('claimed_until', '<=', now)
        .orderBy('id')
        .limit(rowLimit(limit)),
    )
    .where('claimed_until', '<=', now)
    .returning(['id', 'message_id'])
    .execute();
}

/**
 * Stores jobs; with `doneOutboxId`, the outbox row they came from goes in
 * the same transaction (a fan-out is never stored twice nor lost).
 */
export async function storeJobs(
  db: Kysely<Database>,
  jobs: NewPushJob[],
  at: Date,
  doneOutboxId: number | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (jobs.length > 0) {
      const now = at.toISOString();
      // Chunks keep each INSERT well under the dialects' bound-parameter limits.
      for (let i = 0; i < jobs.length; i += 500) {
        await trx
          .insertInto('push_jobs')
          .values(
            jobs.slice(i, i + 500).map((job) => ({
              ...job,
              next_at: now,
              expires_at: iso(at.getTime() + job.ttl_seconds * 1000),
              created_at: now,
            })),
          )
          .execute();
      }
    }
    if (doneOutboxId !== null)
      await trx.deleteFrom('push_outbox').where('id', '=', doneOutboxId).execute();
  });
}

/** Claims up to `limit` due jobs. */
export async function claimJobs(
  db: Kysely<Database>,
  at: Date,
  limit: number,
): Promise<ClaimedJob[]> {
  const now = at.toISOString();
  return db
    .updateTable('push_jobs')
    .set({ claimed_until: iso(at.getTime() + CLAIM_MS) })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('push_jobs')
        .select('id')
        .where('next_at', '<=', now)
        .where('claimed_until', '<=', now)
        .orderBy('id')
        .limit(rowLimit(limit)),
    )
    .where('claimed_until', '<=', now)
    .returning([
      'id',
      'subscription_id',
      'payload',
      'topic',
      'ttl_seconds',
      'attempts',
      'expires_at',
    ])
    .execute();
}

/** Removes finished jobs (sent, expired, dropped), a round's worth in one statement. */
export async function finishJobs(db: Kysely<Database>, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500)
    await db
      .deleteFrom('push_jobs')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
}

/** A failed attempt: tried again at `nextAt`, unclaimed. */
export async function retryJob(db: Kysely<Database>, id: number, nextAt: Date): Promise<void> {
  await db
    .updateTable('push_jobs')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_at: nextAt.toISOString(),
      claimed_until: '1970-01-01T00:00:00.000Z',
    }))
    .where('id', '=', id)
    .execute();
}

/** Jobs and outbox rows waiting (for the metrics' queue gauge). */
export async function queueDepth(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('push_jobs')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
