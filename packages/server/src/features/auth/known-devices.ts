import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../store/types';

// Remembered sign-in devices (issue 18). The per-account sign-in limit
// (http/rate-limit.ts) lets anyone lock a named account out by sending wrong
// passwords; a browser that has signed in to that account before carries
// this cookie and is let past that limit (never past the per-address one,
// nor the password and username checks), as the big providers do.
//
// The cookie holds 256 random bits; the table keeps only their SHA-256, so a
// leaked table gives no usable cookie. httpOnly (no script reads it: the
// spec's token cookie and refresh token are readable, this is not),
// SameSite=Strict, and sent only to the sign-in call.

export const DEVICE_COOKIE = 'parley_device';
/** Sent back only to POST /api/v1/login. */
const COOKIE_PATH = '/api/v1/login';
/** A device unused this long is forgotten. */
export const DEVICE_TTL_DAYS = 180;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function createKnownDevices(deps: { db: Kysely<Database>; now: Clock; secure: boolean }) {
  const { db } = deps;

  const cutoff = () => new Date(deps.now().getTime() - DEVICE_TTL_DAYS * 86_400_000).toISOString();

  const cookieOf = (request: FastifyRequest): string | null => {
    const value = request.cookies[DEVICE_COOKIE];
    return value !== undefined && TOKEN_PATTERN.test(value) ? value : null;
  };

  /** The account the request's device cookie remembers, if it is still fresh. */
  async function ownerOf(request: FastifyRequest): Promise<number | null> {
    const token = cookieOf(request);
    if (token === null) return null;
    const row = await db
      .selectFrom('known_devices')
      .select('user_id')
      .where('token_hash', '=', hashOf(token))
      .where('last_used_at', '>=', cutoff())
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  return {
    /** Does this request come from a device that has signed in to `userId` before? */
    async knows(request: FastifyRequest, userId: number): Promise<boolean> {
      return (await ownerOf(request)) === userId;
    },

    /**
     * After a successful sign-in: the device is remembered for this account
     * (a fresh token when it was unknown or remembered another account).
     */
    async remember(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
      const at = deps.now().toISOString();
      const current = cookieOf(request);
      if (current !== null && (await ownerOf(request)) === userId) {
        await db
          .updateTable('known_devices')
          .set({ last_used_at: at })
          .where('token_hash', '=', hashOf(current))
          .execute();
        return;
      }
      // The account's devices unused past the TTL go as a new one arrives: the table stays small.
      await db
        .deleteFrom('known_devices')
        .where('user_id', '=', userId)
        .where('last_used_at', '<', cutoff())
        .execute();
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('known_devices')
        .values({ user_id: userId, token_hash: hashOf(token), created_at: at, last_used_at: at })
        .execute();
      reply.setCookie(DEVICE_COOKIE, token, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: deps.secure,
        maxAge: DEVICE_TTL_DAYS * 86_400,
      });
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;
