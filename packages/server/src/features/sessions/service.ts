import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '@parley/protocol/messages';
import type { Session } from '@parley/protocol/user';
import type { Clock } from '../../clock';
import { HttpError } from '../../http/http-error';
import type { Database } from '../../store/types';
import { parseUserAgent } from '@parley/protocol/rules/user-agent';
import { deviceName } from './device';
import * as q from './queries';
import {
  REFRESH_REUSE_GRACE_MS,
  hashRefreshToken,
  newFamilyId,
  newRefreshToken,
} from './refresh-token';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface SessionTokens {
  userId: number;
  sessionId: number;
  refreshToken: string;
}

const refreshInvalid = () => new HttpError(401, MSG.refreshInvalid);

/**
 * How stale a session's last_seen_at may get while it is in use: a request
 * or socket that finds it older writes the time again. At most one write a
 * minute per session, so "last seen" on the sessions screen stays live
 * without a write per request.
 */
export const SESSION_SEEN_EVERY_MS = 60_000;

export function createSessionsService(
  db: Kysely<Database>,
  now: Clock,
  options: {
    refreshTtlSeconds: number;
    log: FastifyBaseLogger;
    /** Told after the revocation commits, so open sockets of those sessions close at once. */
    onRevoked?: (sessionIds: number[]) => Promise<void>;
  },
) {
  /** Revokes, then tells realtime which sessions ended. */
  const revokeSessions = async (filter: Parameters<typeof q.revokeSessions>[1], at: string) => {
    const ids = await q.revokeSessions(db, filter, at);
    if (ids.length > 0) await options.onRevoked?.(ids);
    return ids.length;
  };

  const expiry = (from: Date) =>
    new Date(from.getTime() + options.refreshTtlSeconds * 1000).toISOString();

  return {
    /** A new signed-in device with the first refresh token of its family. */
    async start(userId: number, client: ClientInfo): Promise<SessionTokens> {
      const at = now();
      const refreshToken = newRefreshToken();
      const sessionId = await db.transaction().execute(async (trx) => {
        const id = await q.insertSession(trx, {
          user_id: userId,
          family_id: newFamilyId(),
          device: deviceName(client.userAgent),
          ip: client.ip,
          user_agent: client.userAgent?.slice(0, 512) ?? null,
          at: at.toISOString(),
        });
        await q.insertRefreshToken(trx, {
          session_id: id,
          token_hash: hashRefreshToken(refreshToken),
          at: at.toISOString(),
          expires_at: expiry(at),
        });
        return id;
      });
      return { userId, sessionId, refreshToken };
    },

    /**
     * Trades a refresh token for the next one of its family. A token that was
     * already used means two parties hold the family (a stolen copy, or a
     * client bug): the whole session is revoked and both must sign in again.
     * Two tabs racing with the same token land here too — the web client
     * funnels refreshes through one promise and one Web Lock for that reason.
     * The one exception is a client whose reply was lost (grace below).
     */
    async rotate(refreshToken: string): Promise<SessionTokens> {
      const at = now();
      const iso = at.toISOString();
      const found = await q.findRefreshToken(db, hashRefreshToken(refreshToken));
      if (!found || found.revoked_at !== null) throw refreshInvalid();

      const revokeFamily = async () => {
        options.log.warn({ sessionId: found.session_id }, 'refresh token reused: session revoked');
        await revokeSessions({ userId: found.user_id, sessionId: found.session_id }, iso);
        return refreshInvalid();
      };
      // A used token is a stolen copy, unless its rotation's reply was lost
      // (see REFRESH_REUSE_GRACE_MS): then the unused successor is retired instead.
      const lostReply =
        found.used_at !== null &&
        found.replaced_by !== null &&
        at.getTime() - Date.parse(found.used_at) <= REFRESH_REUSE_GRACE_MS;
      if (found.used_at !== null && !lostReply) throw await revokeFamily();
      if (found.expires_at <= iso) throw refreshInvalid();

      const next = newRefreshToken();
      const rotated = await db.transaction().execute(async (trx) => {
        // The conditional UPDATE is the arbiter between concurrent rotations:
        // it claims this token, or (lost reply) its successor, which must be unused.
        const claimed = lostReply && found.replaced_by !== null ? found.replaced_by : found.id;
        if (!(await q.markTokenUsed(trx, claimed, iso))) return false;
        const nextId = await q.insertRefreshToken(trx, {
          session_id: found.session_id,
          token_hash: hashRefreshToken(next),
          at: iso,
          expires_at: expiry(at),
        });
        await q.setReplacedBy(trx, found.id, nextId);
        await q.touchSession(trx, found.session_id, iso);
        return true;
      });
      if (!rotated) throw await revokeFamily();
      return { userId: found.user_id, sessionId: found.session_id, refreshToken: next };
    },

    /**
     * Checked on every authenticated request and socket sign-in, so a revoked
     * session stops at once; the same read says whether to touch last_seen_at.
     */
    async isActive(sessionId: number, userId: number): Promise<boolean> {
      const row = await q.findActiveSession(db, sessionId, userId);
      if (!row) return false;
      const at = now();
      if (at.getTime() - Date.parse(row.last_seen_at) >= SESSION_SEEN_EVERY_MS) {
        // A lost touch only leaves the time a minute behind: never a failed request.
        await q.touchSession(db, sessionId, at.toISOString()).catch((error: unknown) => {
          options.log.warn({ err: error, sessionId }, 'session last_seen_at not written');
        });
      }
      return true;
    },

    /** Revokes one of the user's sessions; false when it is not theirs or already gone. */
    async revoke(userId: number, sessionId: number): Promise<boolean> {
      return (await revokeSessions({ userId, sessionId }, now().toISOString())) > 0;
    },

    async revokeOthers(userId: number, keepSessionId: number): Promise<number> {
      return revokeSessions({ userId, exceptSessionId: keepSessionId }, now().toISOString());
    },

    /** Every session of the user (the account is being erased). */
    async revokeAll(userId: number): Promise<number> {
      return revokeSessions({ userId }, now().toISOString());
    },

    /**
     * Deletes what can never be used again: tokens past expiry, and sessions
     * revoked or unseen for a whole refresh lifetime (only expired tokens
     * left). Both only once a refresh lifetime has passed, so a replayed
     * token is still recognised as long as it could have been valid.
     */
    async prune(at: Date = now()): Promise<{ tokens: number; sessions: number }> {
      const lifetimeAgo = new Date(at.getTime() - options.refreshTtlSeconds * 1000).toISOString();
      return q.pruneExpired(db, at.toISOString(), lifetimeAgo);
    },

    async list(userId: number, currentSessionId: number): Promise<Session[]> {
      // A session unseen for a whole refresh lifetime has only expired tokens left.
      const seenSince = new Date(now().getTime() - options.refreshTtlSeconds * 1000).toISOString();
      const rows = await q.listActiveSessions(db, userId, seenSince);
      return rows.map((r) => ({
        id: r.id,
        device: r.device,
        // Read at each listing, so sessions stored before a parser fix show right too.
        ...parseUserAgent(r.user_agent),
        ip: r.ip,
        created_at: r.created_at,
        last_seen_at: r.last_seen_at,
        current: r.id === currentSessionId,
      }));
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
