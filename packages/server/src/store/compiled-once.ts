import { PostgresAdapter } from 'kysely';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { lentStatements } from './lent-connection';
import type { Database } from './types';

// Kysely builds a tree of frozen objects for every query and compiles it to
// SQL on every call: on the queries run by every request and every send that
// was ~15 % of a busy server's CPU (bench/RESULTS.md). A query whose shape
// never changes can be built and compiled once per dialect; each call then
// only puts its values into the compiled parameter list.
//
// `build` receives one marker per argument and must place each where the real
// value goes; the markers are unique strings, so their positions in the
// compiled parameters say which argument goes where. Constant values the
// builder adds itself (literals such as `deleted = 0`) are kept.

const MARKER = '\u0000compiled-once-argument-';

type Built<R> = Compilable<R> & { execute(): Promise<R[]> };

interface Compiled<R> {
  compiled: CompiledQuery<R>;
  /** For each compiled parameter: the argument it takes, or -1 for a constant. */
  slots: number[];
}

type Dialect = 'postgres' | 'sqlite';

const dialectOf = (db: Kysely<Database>): Dialect =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

/** Builds with `count` markers and records where each lands in the parameters. */
function compileWithMarkers<R>(count: number, build: (markers: string[]) => Built<R>): Compiled<R> {
  const markers = Array.from({ length: count }, (_, i) => `${MARKER}${i}`);
  const compiled = build(markers).compile();
  const slots = compiled.parameters.map((p) =>
    typeof p === 'string' && p.startsWith(MARKER) ? Number(p.slice(MARKER.length)) : -1,
  );
  if (markers.some((_, i) => !slots.includes(i))) {
    throw new Error(`compiledOnce: an argument is not used as a parameter in ${compiled.sql}`);
  }
  return { compiled, slots };
}

async function runCompiled<R>(
  db: Kysely<Database>,
  { compiled, slots }: Compiled<R>,
  args: readonly unknown[],
): Promise<R[]> {
  const parameters = compiled.parameters.map((p, i) => {
    const slot = slots[i] ?? -1;
    return slot < 0 ? p : args[slot];
  });
  const prepare = lentStatements(db);
  if (prepare) {
    // In the group commit's transaction: its statement, directly (lent-connection.ts).
    const statement = prepare(compiled.sql);
    if (statement.reader) return statement.all(parameters) as R[];
    statement.run(parameters);
    return [];
  }
  const result = await db.executeQuery<R>({ ...compiled, parameters });
  return result.rows;
}

export function compiledOnce<A extends unknown[], R>(
  build: (db: Kysely<Database>, ...args: A) => Built<R>,
): (db: Kysely<Database>, ...args: A) => Promise<R[]> {
  const byDialect = new Map<Dialect, Compiled<R>>();
  return async (db, ...args) => {
    const dialect = dialectOf(db);
    let entry = byDialect.get(dialect);
    if (!entry) {
      entry = compileWithMarkers(build.length - 1, (m) => build(db, ...(m as unknown as A)));
      byDialect.set(dialect, entry);
    }
    return runCompiled(db, entry, args);
  };
}

/** Lists up to this long get a compiled query per length; longer ones are built per call. */
const LIST_LENGTHS_KEPT = 64;

/**
 * The same for a query over a list of values (`where id in (…)`), whose SQL
 * has one `?` per value: compiled once per dialect and list length.
 * A send asks with one id, a history page with its page of ids. An empty
 * list matches nothing and runs no query.
 */
export function compiledOnceForList<V, R>(
  build: (db: Kysely<Database>, values: readonly V[]) => Built<R>,
): (db: Kysely<Database>, values: readonly V[]) => Promise<R[]> {
  const byKey = new Map<string, Compiled<R>>();
  return async (db, values) => {
    if (values.length === 0) return [];
    if (values.length > LIST_LENGTHS_KEPT) return build(db, values).execute();
    const key = `${dialectOf(db)}:${values.length}`;
    let entry = byKey.get(key);
    if (!entry) {
      entry = compileWithMarkers(values.length, (m) => build(db, m as unknown as V[]));
      byKey.set(key, entry);
    }
    return runCompiled(db, entry, values);
  };
}
