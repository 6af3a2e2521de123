import type Database from 'better-sqlite3';

/**
 * The server keeps its token-signing secret in the database (so every node
 * of a cluster shares it). Tests that need a token the server would have
 * issued — with an expiry in the past — read it from there.
 */
export function readSigningKey(db: Database.Database): Uint8Array {
  const row = db
    .prepare("SELECT secret AS value FROM server_keys WHERE name = 'jwt-hs256'")
    .get() as { value: string } | undefined;
  if (!row) throw new Error('no jwt signing key in server_keys');
  return new Uint8Array(Buffer.from(row.value, 'base64url'));
}
