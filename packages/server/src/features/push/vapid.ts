import { generateKeyPairSync } from 'node:crypto';
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

/**
 * A new P-256 pair in the form web-push takes (what its generateVAPIDKeys
 * makes, without loading web-push and its ASN.1 and bignum code at start):
 * the public key as the uncompressed point 0x04‖x‖y, the private key as the
 * 32-byte scalar d, both base64url.
 */
function newVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y || !jwk.d) throw new Error('P-256 key without x, y or d');
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x, 'base64url'),
    Buffer.from(jwk.y, 'base64url'),
  ]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d };
}

const storedKeys = (db: Kysely<Database>) =>
  db.selectFrom('server_keys').select('secret').where('name', '=', KEY_NAME).executeTakeFirst();

export async function loadOrCreateVapidKeys(db: Kysely<Database>, at: Date): Promise<VapidKeys> {
  let row = await storedKeys(db);
  if (!row) {
    const candidate = newVapidKeys();
    await db
      .insertInto('server_keys')
      .values({ name: KEY_NAME, secret: JSON.stringify(candidate), created_at: at.toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await storedKeys(db);
    if (!row) throw new Error('the VAPID key pair was not stored');
  }
  const stored = JSON.parse(row.secret) as VapidKeys;
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}
