import webpush from 'web-push';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/types';

// The VAPID key pair (RFC 8292) that signs every push request. It is made
// by whichever node starts first and kept in server_keys, so every node of
// a cluster signs with the same key and browsers' subscriptions (bound to
// the public key) stay valid across nodes and restarts. Two nodes starting
// at once both try INSERT … ON CONFLICT DO NOTHING and then read the one
// row that won: they agree without a lock.

const KEY_NAME = 'vapid-p256';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export async function loadOrCreateVapidKeys(db: Kysely<Database>, at: Date): Promise<VapidKeys> {
  const candidate = webpush.generateVAPIDKeys();
  await db
    .insertInto('server_keys')
    .values({ name: KEY_NAME, secret: JSON.stringify(candidate), created_at: at.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_keys')
    .select('secret')
    .where('name', '=', KEY_NAME)
    .executeTakeFirstOrThrow();
  const stored = JSON.parse(row.secret) as VapidKeys;
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}
