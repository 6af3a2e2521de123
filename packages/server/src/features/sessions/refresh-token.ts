import { createHash, randomBytes } from 'node:crypto';

// Refresh tokens are opaque random strings. Only their sha256 is stored, so
// a copy of the database does not hold usable tokens; a plain hash (no salt,
// no argon2) is enough because the input has 256 bits of entropy.

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newFamilyId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * A rotation whose reply never reached the client (the page navigated away,
 * a mobile network dropped it) leaves the client holding the token it just
 * spent. For this long after that rotation, presenting the spent token again
 * retires its successor — provided nobody has used the successor yet — and
 * issues a new one, instead of signing the user out everywhere. A successor
 * already in use still means a stolen copy and revokes the session; so does
 * any reuse after the window. (The same trade as Auth0's "reuse interval".)
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;
