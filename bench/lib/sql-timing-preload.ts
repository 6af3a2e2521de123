import { renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import type BetterSqlite3 from 'better-sqlite3';

// Loaded into the measured server with `--import` by `--sql-timing`
// (lib/server.ts), never by the product: it times every better-sqlite3
// statement call by its SQL text, so a run can say which statements a send
// costs. A V8 profile cannot: every statement's native time lands in the one
// Kysely driver function that runs it. On SIGUSR2 it writes the running
// totals to BENCH_SQL_TIMING_FILE; the bench takes one such snapshot at the
// start of its measured window and one at the end (lib/sql-timing.ts).
// `iterate` (Kysely's streams; no hot path uses them) is not timed.

interface Totals {
  calls: number;
  ms: number;
}

const file = process.env.BENCH_SQL_TIMING_FILE;
if (file) {
  // The server's own copy of the driver: the same module object its store imports.
  const require = createRequire(new URL('../../packages/server/package.json', import.meta.url));
  const Database = require('better-sqlite3') as typeof BetterSqlite3;
  const probe = new Database(':memory:');
  const statementPrototype = Object.getPrototypeOf(probe.prepare('select 1')) as Record<
    string,
    unknown
  >;
  probe.close();

  const totals = new Map<string, Totals>();
  for (const method of ['run', 'get', 'all'] as const) {
    const original = statementPrototype[method] as (...args: unknown[]) => unknown;
    statementPrototype[method] = function timed(this: { source: string }, ...args: unknown[]) {
      const started = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        const spent = performance.now() - started;
        const entry = totals.get(this.source);
        if (entry) {
          entry.calls += 1;
          entry.ms += spent;
        } else {
          totals.set(this.source, { calls: 1, ms: spent });
        }
      }
    };
  }

  let snapshot = 0;
  process.on('SIGUSR2', () => {
    snapshot += 1;
    const statements = [...totals].map(([sql, t]) => ({ sql, calls: t.calls, ms: t.ms }));
    // Whole or not at all: the bench may read the file at any moment.
    writeFileSync(`${file}.part`, JSON.stringify({ snapshot, statements }));
    renameSync(`${file}.part`, file);
  });
}
