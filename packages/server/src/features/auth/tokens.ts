import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { Lru } from '../../lru';
import type { Database } from '../../store/types';
import { loadOrCreateKey } from './signing-key';

// Access tokens: HS256 JWTs with sub = user id and sid = session id. They are
// short-lived, and the session is still checked on every request (see
// http/authenticate.ts), so logout takes effect before the token expires.

const KEY_NAME = 'jwt-hs256';
const ALG = 'HS256';
/** Tokens whose signature was checked, remembered until they expire (one per active device). */
const VERIFIED_CAPACITY = 20_000;

export interface AccessClaims {
  userId: number;
  sessionId: number;
}

/** A verified token's claims and its expiry (seconds since the epoch), for the socket's timer. */
export interface VerifiedClaims extends AccessClaims {
  expiresAt: number;
}

export function createAccessTokens(db: Kysely<Database>, now: Clock, ttlSeconds: number) {
  let key: Promise<Uint8Array> | null = null;
  const getKey = () => {
    key ??= loadOrCreateKey(db, KEY_NAME, now()).catch((error: unknown) => {
      key = null; // retry on the next request instead of caching a failure
      throw error;
    });
    return key;
  };

  // Checking an HS256 signature through WebCrypto cost 15 % of a busy
  // server's CPU (one per request and socket hello). A token's signature
  // never changes, so each token string is checked once; expiry is still
  // compared on every use, and revocation is the session check's job.
  const verified = new Lru<string, VerifiedClaims>(VERIFIED_CAPACITY);

  async function verifySignature(token: string): Promise<VerifiedClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await getKey(), {
        algorithms: [ALG],
        currentDate: now(),
        requiredClaims: ['sub', 'sid', 'exp'],
      });
      const userId = Number(payload.sub);
      const sessionId = payload.sid;
      if (
        !Number.isSafeInteger(userId) ||
        typeof sessionId !== 'number' ||
        !Number.isSafeInteger(sessionId)
      ) {
        return null;
      }
      // requiredClaims guarantees exp.
      return { userId, sessionId, expiresAt: payload.exp ?? 0 };
    } catch {
      return null;
    }
  }

  return {
    ttlSeconds,

    async sign(claims: AccessClaims): Promise<string> {
      const iat = Math.floor(now().getTime() / 1000);
      return (
        new SignJWT({ sid: claims.sessionId })
          .setProtectedHeader({ alg: ALG, typ: 'JWT' })
          .setSubject(String(claims.userId))
          .setIssuedAt(iat)
          // A unique id: two tokens minted in the same second still differ (and can be told apart in logs).
          .setJti(randomBytes(12).toString('base64url'))
          .setExpirationTime(iat + ttlSeconds)
          .sign(await getKey())
      );
    },

    /** The claims of a valid, unexpired token; null for anything else. */
    async verify(token: string): Promise<VerifiedClaims | null> {
      const nowSeconds = now().getTime() / 1000;
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > nowSeconds) return known;
        verified.delete(token);
        return null;
      }
      const claims = await verifySignature(token);
      if (claims) verified.set(token, claims);
      return claims;
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
