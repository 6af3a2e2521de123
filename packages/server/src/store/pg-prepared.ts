import type { PostgresCursor, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

// PostgreSQL parses, analyzes and plans every unnamed statement afresh. A
// named (prepared) statement is parsed and analyzed once per connection;
// each run then only plans it, for the values at hand.
//
// Planned every run on purpose (`plan_cache_mode = force_custom_plan`, set
// on each new connection): left to itself, PostgreSQL switches a statement
// to one generic plan after five runs when that plan's estimate is no
// dearer, and on the list's walk and the read marker's checks those plans
// were slower (history bench, PostgreSQL, quiet runs: list p50 6.1 → 8.2 ms,
// read 4.8 → 6.2 ms), though history pages gained about 1 ms. With custom
// plans the plans are those of unnamed statements, and the database still
// spends about a tenth less CPU (16.8 → 15.2 s for the same run).
//
// Three more things keep it safe:
// - Only texts run at least twice are named, and at most `maxNamed` of them:
//   a text built with a value list of every length must not fill each
//   backend's memory with statements used once.
// - Only outside a transaction. After a column is added (a rolling upgrade's
//   migration), a prepared `select *` fails once with "cached plan must not
//   change result type" (SQLSTATE 0A000); outside a transaction the statement
//   simply runs again unnamed, and its text gets a new name for next time.
//   Inside one, the failure would abort the whole transaction.
// - The retry is for that code only; any other error is the caller's.

/** "cached plan must not change result type" (and other "feature not supported"). */
const PLAN_CHANGED = '0A000';

export interface PreparedOptions {
  /** Texts named at most (per process; every connection may prepare each once). */
  maxNamed: number;
  /** Texts remembered as seen once, until the set is started afresh. */
  maxSeen: number;
}

const DEFAULTS: PreparedOptions = { maxNamed: 200, maxSeen: 5000 };

/** Which statement texts run under a name, and which name. */
export class StatementNames {
  readonly #names = new Map<string, string>();
  #seen = new Set<string>();
  #counter = 0;
  constructor(private readonly options: PreparedOptions = DEFAULTS) {}

  /** The text's name, or undefined while it should run unnamed. */
  nameFor(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known !== undefined) return known;
    if (!this.#seen.has(text)) {
      if (this.#seen.size >= this.options.maxSeen) this.#seen = new Set();
      this.#seen.add(text);
      return undefined;
    }
    if (this.#names.size >= this.options.maxNamed) return undefined;
    this.#seen.delete(text);
    const name = `parley_${++this.#counter}`;
    this.#names.set(text, name);
    return name;
  }

  /** The text's plan no longer fits: its next use gets a new name (connections parse it afresh). */
  renew(text: string): void {
    if (this.#names.has(text)) this.#names.set(text, `parley_${++this.#counter}`);
  }

  get size(): number {
    return this.#names.size;
  }
}

function isPlanChange(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === PLAN_CHANGED
  );
}

function preparingClient(client: pg.PoolClient, names: StatementNames): PostgresPoolClient {
  async function run(text: string, values: unknown[]): Promise<pg.QueryResult> {
    const name = client.getTransactionStatus() === 'I' ? names.nameFor(text) : undefined;
    if (name === undefined) return client.query(text, values);
    try {
      return await client.query({ name, text, values });
    } catch (error) {
      if (!isPlanChange(error)) throw error;
      names.renew(text);
      return client.query(text, values);
    }
  }
  return {
    query: ((textOrCursor: string | PostgresCursor<unknown>, values?: readonly unknown[]) =>
      typeof textOrCursor === 'string'
        ? run(textOrCursor, [...(values ?? [])])
        : client.query(textOrCursor as never)) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  };
}

/** The pool for Kysely's PostgresDialect, running repeated statements as prepared ones. */
export function withPreparedStatements(pool: pg.Pool, names = new StatementNames()): PostgresPool {
  // Queued before any other query of the new connection (pg runs a client's
  // queries in order). A server without the setting (before PostgreSQL 12)
  // keeps its default: the statements still work.
  pool.on('connect', (client) => {
    client.query('set plan_cache_mode = force_custom_plan').catch(() => undefined);
  });
  // One wrapper per pg client: Kysely keeps its connection object per client.
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrapped.get(client);
      if (!wrapper) {
        wrapper = preparingClient(client, names);
        wrapped.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
