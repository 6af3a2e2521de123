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
