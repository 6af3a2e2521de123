import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isPostgres } from './dialect';
import { groupedTransaction } from './group-commit';
import { FTS_TABLE } from './search-index';

// SQLite's FTS5 index takes new messages in batches (migration 0012 says
// why): every message above `indexed_upto` waits here. A timer catches up a
// few times a second, and a search catches up first, so a search always
// sees every message, the one sent a millisecond ago included. PostgreSQL
// indexes in the row itself; there all of this does nothing.

export const SEARCH_STATE_TABLE = 'search_index_state';

/** Messages indexed per transaction at most, so a long backlog never holds the writer long. */
export const SEARCH_INDEX_BATCH = 2_000;

/** How often the timer catches up. */
export const SEARCH_INDEX_INTERVAL_MS = 250;

/**
 * Indexes up to SEARCH_INDEX_BATCH waiting messages in one transaction (a
 * job of the group commit, so it can share the COMMIT of the sends of its
 * turn). Returns how many it indexed.
 */
async function indexBatch<DB>(db: Kysely<DB>): Promise<number> {
  return groupedTransaction(db, async (trx) => {
    const state = sql.table(SEARCH_STATE_TABLE);
    const marks = await sql<{ upto: number }>`select indexed_upto as upto from ${state}`.execute(
      trx,
    );
    const upto = marks.rows[0]?.upto ?? 0;
    const { rows } = await sql<{ last: number | null; pending: number }>`
      select max(id) as last, count(*) as pending from (
        select id from messages where id > ${upto} order by id limit ${SEARCH_INDEX_BATCH}
      )`.execute(trx);
    const batch = rows[0];
    if (!batch || batch.last === null) return 0;
    await sql`
      insert into ${sql.table(FTS_TABLE)}(rowid, message)
      select id, message from messages where id > ${upto} and id <= ${batch.last}`.execute(trx);
    await sql`update ${state} set indexed_upto = ${batch.last}`.execute(trx);
    return batch.pending;
  });
}

/**
 * Whether any message waits, read outside any transaction: two index probes.
 * An idle server's timer and every search of a quiet one stop there instead
 * of queueing a grouped transaction (a turn of the event loop, BEGIN and
 * COMMIT) four times a second. A message acknowledged before this read has
 * committed, so the read sees it.
 */
async function anyWaiting<DB>(db: Kysely<DB>): Promise<boolean> {
  const state = sql.table(SEARCH_STATE_TABLE);
  const { rows } = await sql<{ waiting: number }>`
    select exists (
      select 1 from messages where id > coalesce((select indexed_upto from ${state}), 0)
    ) as waiting`.execute(db);
  return rows[0]?.waiting === 1;
}

/** Indexes every waiting message; resolves once none waits. Nothing on PostgreSQL. */
export async function indexPendingMessages<DB>(db: Kysely<DB>): Promise<number> {
  if (isPostgres(db) || !(await anyWaiting(db))) return 0;
  let total = 0;
  for (;;) {
    const indexed = await indexBatch(db);
    total += indexed;
    if (indexed < SEARCH_INDEX_BATCH) return total;
  }
}

export interface SearchIndexer {
  /** Stops the timer and indexes what still waits. */
  stop(): Promise<void>;
}

/** The catch-up timer (SQLite only). A failed round is reported and tried again next tick. */
export function startSearchIndexer<DB>(
  db: Kysely<DB>,
  onError: (error: unknown) => void,
  intervalMs = SEARCH_INDEX_INTERVAL_MS,
): SearchIndexer {
  if (isPostgres(db)) return { stop: async () => undefined };
  let round: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    round = indexPendingMessages(db)
      .catch(onError)
      .finally(() => (busy = false));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await round;
      await indexPendingMessages(db).catch(onError);
    },
  };
}
