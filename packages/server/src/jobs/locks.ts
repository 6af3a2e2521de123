import type { Kysely } from 'kysely';
import type { Database } from '../store/types';

// The database-level guard of the background jobs. Every node runs every
// job on its timer; before acting, a node takes the job's lease with one
// conditional UPDATE, which exactly one node wins per round on both
// SQLite and PostgreSQL. A node that dies mid-round loses its lease when it
// expires, and the next round runs elsewhere.

const EPOCH = '1970-01-01T00:00:00.000Z';

/** True when this node holds `name` until `until`; false when another node does. */
export async function claimLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  at: Date,
  leaseMs: number,
): Promise<boolean> {
  await db
    .insertInto('job_locks')
    .values({ name, holder: null, locked_until: EPOCH })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const result = await db
    .updateTable('job_locks')
    .set({ holder, locked_until: new Date(at.getTime() + leaseMs).toISOString() })
    .where('name', '=', name)
    .where('locked_until', '<=', at.toISOString())
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
