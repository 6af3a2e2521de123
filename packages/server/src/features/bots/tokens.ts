import { createHash, randomBytes } from 'node:crypto';

// Bot tokens, Telegram's form: "<bot id>:<secret>". The secret is 208 random
// bits (35 base64url characters, as long as Telegram's); only its sha256 is
// stored (bots.token_hash), so a leaked database holds no usable token. A
// plain hash is enough for random secrets of this size: there is nothing to
// guess, unlike a password.

const TOKEN_PATTERN = /^(\d{1,10}):([A-Za-z0-9_-]{35})$/;

export const hashSecret = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');

/** A new token for the bot, and the hash to store. */
export function newToken(botId: number): { token: string; hash: string } {
  const secret = randomBytes(26).toString('base64url').slice(0, 35);
  return { token: `${botId}:${secret}`, hash: hashSecret(secret) };
}

/** The bot id and the secret's hash a token claims, or null when it is not a token's form. */
export function parseToken(token: string): { botId: number; hash: string } | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match?.[1] || !match[2]) return null;
  return { botId: Number(match[1]), hash: hashSecret(match[2]) };
}
