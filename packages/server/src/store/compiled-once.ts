import { PostgresAdapter } from 'kysely';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
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

type Built<R> = Compilable<R>;

export function compiledOnce<A extends unknown[], R>(
  build: (db: Kysely<Database>, ...args: A) => Built<R>,
): (db: Kysely<Database>, ...args: A) => Promise<R[]> {
  const byDialect = new Map<
    'postgres' | 'sqlite',
    { compiled: CompiledQuery<R>; slots: number[] }
  >();

  function prepare(db: Kysely<Database>) {
    const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
    let entry = byDialect.get(dialect);
    if (!entry) {
      const markers = Array.from({ length: build.length - 1 }, (_, i) => `${MARKER}${i}`);
      const compiled = build(db, ...(markers as unknown as A)).compile();
      // For each compiled parameter: the argument it takes, or -1 for a constant.
      const slots = compiled.parameters.map((p) =>
        typeof p === 'string' && p.startsWith(MARKER) ? Number(p.slice(MARKER.length)) : -1,
      );
      if (markers.some((_, i) => !slots.includes(i))) {
        throw new Error(`compiledOnce: an argument is not used as a parameter in ${compiled.sql}`);
      }
      byDialect.set(dialect, (entry = { compiled, slots }));
    }
    return entry;
  }

  return async (db, ...args) => {
    const { compiled, slots } = prepare(db);
    const parameters = compiled.parameters.map((p, i) => {
      const slot = slots[i] ?? -1;
      return slot < 0 ? p : args[slot];
    });
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
