import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isPostgres } from './dialect';
import { lentStatements, whileLent } from './lent-connection';

// SQLite has one writer, and this process one connection: write transactions
// run one after another and each pays its own COMMIT (the WAL append, the
// FTS5 segment flush), which was the largest single statement cost of a send
// (99 µs of ~290 µs of SQL at 800 sends/s). Here the transactions asked for
// during one turn of the event loop share one: each runs in a SAVEPOINT of its
// own, so one that fails rolls back alone, and a single COMMIT ends them all.
// Under load a turn gathers more of them, so the COMMIT is shared more widely
// exactly when it matters; an idle server waits only for the end of the turn.
//
// Nobody hears an outcome before that COMMIT: an acknowledged write is still
// a committed one. PostgreSQL runs transactions side by side on its pool and
// gets no batching.
//
// A job must not start another grouped transaction and wait for it (it would
// wait for its own batch to end): the same rule as a nested transaction on the
// single SQLite connection, which would wait for itself too.

/** Jobs a batch takes at most; the rest start the next batch at once. */
export const GROUP_COMMIT_MAX = 64;

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- any schema

interface Job<DB> {
  run: (trx: Kysely<DB>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

class GroupCommitter<DB> {
  private queue: Job<DB>[] = [];
  private running = false;
  /** Batches committed and jobs in them, for tests and /metrics-style checks. */
  readonly stats = { batches: 0, jobs: 0 };

  constructor(private readonly db: Kysely<DB>) {}

  run<T>(fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run: fn, resolve: resolve as (value: unknown) => void, reject });
      if (!this.running) this.schedule();
    });
  }

  private schedule(): void {
    this.running = true;
    // After the poll phase: every request read in this turn has queued its job.
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    const batch = this.queue.splice(0, GROUP_COMMIT_MAX);
    let outcomes: Outcome[];
    try {
      outcomes = await this.commit(batch);
    } catch (error) {
      // BEGIN or COMMIT failed: nothing of the batch was stored.
      outcomes = batch.map(() => ({ ok: false, error }));
    }
    this.stats.batches++;
    this.stats.jobs += batch.length;
    batch.forEach((job, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) job.resolve(outcome.value);
      else job.reject(outcome?.error);
    });
    if (this.queue.length > 0) this.schedule();
    else this.running = false;
  }

  private commit(batch: Job<DB>[]): Promise<Outcome[]> {
    return this.db
      .transaction()
      .execute((trx) => whileLent(this.db, trx, () => this.runJobs(trx, batch)));
  }

  private async runJobs(trx: Kysely<DB>, batch: Job<DB>[]): Promise<Outcome[]> {
    // One job alone needs no savepoint: its failure rolls back only itself.
    if (batch.length === 1) return [{ ok: true, value: await batch[0]!.run(trx) }];
    // The savepoint statements go straight to the lent connection (lent-connection.ts).
    const direct = lentStatements(trx);
    const exec = async (statement: string) => {
      if (direct) direct(statement).run();
      else await sql.raw(statement).execute(trx);
    };
    const outcomes: Outcome[] = [];
    for (const job of batch) {
      await exec('savepoint grouped_job');
      try {
        const value = await job.run(trx);
        await exec('release grouped_job');
        outcomes.push({ ok: true, value });
      } catch (error) {
        await exec('rollback to grouped_job');
        await exec('release grouped_job');
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  }
}

const committers = new WeakMap<AnyDb, GroupCommitter<unknown> | null>();

function committerOf(db: AnyDb): GroupCommitter<unknown> | null {
  let committer = committers.get(db);
  if (committer === undefined) {
    committer = isPostgres(db) ? null : new GroupCommitter(db);
    committers.set(db, committer);
  }
  return committer;
}

/**
 * `db.transaction().execute(fn)`, with SQLite's transactions of one event-loop
 * turn sharing a COMMIT. Resolves (or rejects) only after that COMMIT.
 */
export function groupedTransaction<DB, T>(
  db: Kysely<DB>,
  fn: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const committer = committerOf(db) as GroupCommitter<DB> | null;
  return committer ? committer.run(fn) : db.transaction().execute(fn);
}

/** How many batches and jobs this store's group commit has run (tests). */
export function groupCommitStats(db: AnyDb): { batches: number; jobs: number } | null {
  return committerOf(db)?.stats ?? null;
}
