import type { Kysely, Transaction } from 'kysely';
import { compiledOnce } from '../../store/compiled-once';
import type { Database, SessionRow } from '../../store/types';

// Queries on sessions and refresh_tokens. A session is one signed-in device
// and owns one family of refresh tokens: revoking the session kills them all.

type Db = Kysely<Database> | Transaction<Database>;

export async function insertSession(
  db: Db,
  s: {
    user_id: number;
    family_id: string;
    device: string;
    ip: string | null;
    user_agent: string | null;
    at: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: s.user_id,
      family_id: s.family_id,
      device: s.device,
      ip: s.ip,
      user_agent: s.user_agent,
      created_at: s.at,
      last_seen_at: s.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertRefreshToken(
  db: Db,
  t: { session_id: number; token_hash: string; at: string; expires_at: string },
): Promise<number> {
  const row = await db
    .insertInto('refresh_tokens')
    .values({
      session_id: t.session_id,
      token_hash: t.token_hash,
      created_at: t.at,
      expires_at: t.expires_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens as t')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .select([
      't.id',
      't.session_id',
      't.used_at',
      't.replaced_by',
      't.expires_at',
      's.user_id',
      's.revoked_at',
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Claims a token for rotation; false when another request used it first. */
export async function markTokenUsed(db: Db, tokenId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: at })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setReplacedBy(db: Db, tokenId: number, nextId: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ replaced_by: nextId })
    .where('id', '=', tokenId)
    .execute();
}

export async function touchSession(db: Db, sessionId: number, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

// Every authenticated request runs this: compiled once (store/compiled-once.ts).
const activeSession = compiledOnce((db, sessionId: number, userId: number) =>
  db
    .selectFrom('sessions')
    .select(['id', 'last_seen_at'])
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null),
);

export async function findActiveSession(
  db: Db,
  sessionId: number,
  userId: number,
): Promise<Pick<SessionRow, 'id' | 'last_seen_at'> | undefined> {
  const [row] = await activeSession(db, sessionId, userId);
  return row;
}

/** Revokes sessions matching the filter and spends their outstanding tokens. Returns how many were revoked. */
export async function revokeSessions(
  db: Kysely<Database>,
  filter: { userId: number; sessionId?: number; exceptSessionId?: number },
  at: string,
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('user_id', '=', filter.userId)
      .where('revoked_at', 'is', null);
    if (filter.sessionId !== undefined) query = query.where('id', '=', filter.sessionId);
    if (filter.exceptSessionId !== undefined)
      query = query.where('id', '!=', filter.exceptSessionId);
    const revoked = await query.returning('id').execute();
    const ids = revoked.map((r) => r.id);
    if (ids.length > 0) {
      await trx
        .updateTable('refresh_tokens')
        .set({ used_at: at })
        .where('session_id', 'in', ids)
        .where('used_at', 'is', null)
        .execute();
    }
    return ids;
  });
}

export function listActiveSessions(
  db: Db,
  userId: number,
  seenSince: string,
): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('last_seen_at', '>', seenSince)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Housekeeping: refresh tokens past their expiry (used ones were kept until
 * then so a replay could still be recognised and revoke the family), and
 * sessions revoked, or unseen for a whole refresh lifetime, before `before`.
 * A session's tokens go with it (ON DELETE CASCADE). Returns what went.
 */
export async function pruneExpired(
  db: Kysely<Database>,
  tokensExpiredBefore: string,
  sessionsEndedBefore: string,
): Promise<{ tokens: number; sessions: number }> {
  const tokens = await db
    .deleteFrom('refresh_tokens')
    .where('expires_at', '<', tokensExpiredBefore)
    .executeTakeFirst();
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('revoked_at', '<', sessionsEndedBefore),
        eb('last_seen_at', '<', sessionsEndedBefore),
      ]),
    )
    .executeTakeFirst();
  return { tokens: Number(tokens.numDeletedRows), sessions: Number(sessions.numDeletedRows) };
}
