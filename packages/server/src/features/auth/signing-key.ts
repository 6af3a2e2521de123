import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/types';

/**
 * The access-token signing secret lives in the database, created by whichever
 * node asks first: every node sharing the database signs and verifies with
 * the same key, with nothing to configure. INSERT … ON CONFLICT DO NOTHING
 * then SELECT makes simultaneous first starts agree on one key.
 */
export async function loadOrCreateKey(
  db: Kysely<Database>,
  name: string,
  at: Date,
): Promise<Uint8Array> {
  await db
    .insertInto('server_keys')
    .values({ name, secret: randomBytes(32).toString('base64url'), created_at: at.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_keys')
    .select('secret')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return new Uint8Array(Buffer.from(row.secret, 'base64url'));
}
