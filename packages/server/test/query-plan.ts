import { CompiledQuery, sql } from 'kysely';
import type { TestStore } from './stores';

/**
 * How this backend plans `compiled`, as text, to check which index serves a
 * hot query. On PostgreSQL sequential scans are turned off for the plan:
 * tiny test tables would be read whole, and the question is whether the
 * index can serve.
 */
export async function queryPlan(
  ts: TestStore,
  backend: { name: string },
  compiled: { sql: string; parameters: readonly unknown[] },
): Promise<string> {
  return ts.store.db.transaction().execute(async (trx) => {
    if (backend.name === 'postgres') {
      await sql`set local enable_seqscan = off`.execute(trx);
      const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    }
    const rows = await trx.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return rows.rows.map((r) => r.detail).join('\n');
  });
}
