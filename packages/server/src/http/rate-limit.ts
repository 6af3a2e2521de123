import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { MSG } from '@parley/protocol/messages';
import type { RateLimitConfig, RateLimitRule } from '../config';
import { loginKey } from '@parley/protocol/rules/username';
import { TooManyRequests } from './http-error';

// Rate limits on the endpoints that cost an argon2 hash or mint tokens, and
// on work a user can make the server do for them (searches, preview fetches).
// Counters live in memory, or in Redis when one is configured so that the
// limits hold across every node. Each limiter is a plain hook built on
// @fastify/rate-limit's createRateLimit, because the plugin's own route
// hooks stop after the first limit that ran on a request — /login needs
// two (per address and per login name). The same counters serve the checks
// that are not an HTTP request (a socket's sends, typing): a KeyedLimiter is
// given the key itself.

export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Counts one use under `key`: null when allowed, else the seconds until it is allowed again. */
export type KeyedLimiter = (key: string) => Promise<number | null>;

/** Counts nothing: the seconds until `key` may be used again when no use is left, else null. */
export type KeyedPeek = (key: string) => Promise<number | null>;

export interface Limiters {
  loginPerAddress: Limiter;
  /** Needs the parsed body: use it as a preHandler. */
  loginPerAccount: Limiter;
  /** A sign-in that confirms the username: its own budget. Needs the parsed body. */
  verifyPerAccount: Limiter;
  registerPerAddress: Limiter;
  refreshPerAddress: Limiter;
  /** Needs the auth guard to have run: use it as a preHandler. */
  secretPerUser: Limiter;
  /** secretPerUser's budget by user id, read only: is it spent, and for how long? */
  secretLeft: KeyedPeek;
  /** Needs the auth guard to have run: use it as a preHandler. */
  searchPerUser: Limiter;
  /**
   * Counts a link-preview fetch for the signed-in user. Not a route hook:
   * the link-preview service calls it only when it is about to fetch (a
   * cached card costs nothing).
   */
  previewFetchPerUser: Limiter;
  /** Needs the auth guard to have run: use it as a preHandler (POST /user/messages). */
  sendPerUser: Limiter;
  /** The same budget as sendPerUser, keyed by user id, for the socket's `send`. */
  sendPerUserId: KeyedLimiter;
  /** Needs the auth guard to have run: use it as a preHandler (file uploads). */
  uploadPerUser: Limiter;
  /** Typing starts, keyed `userId:conversationId`. */
  typingPerChat: KeyedLimiter;
  /** Group invitations, keyed `inviterId:inviteeId` (features/groups/invitation-limit.ts). */
  invitePerPair: KeyedLimiter;
  /** Group invitations from strangers, keyed by the invitee. */
  invitePerInvitee: KeyedLimiter;
}

export interface RateLimitOptions {
  rules: RateLimitConfig;
  redis?: Redis | null;
  /** Prefix of the Redis keys (tests use a fresh one per run). */
  keyPrefix?: string;
}

type KeyOf = (request: FastifyRequest) => string | null;

/** What a KeyedLimiter hands the plugin in place of a request. */
interface KeyCarrier {
  limitKey: string;
  routeOptions: Record<string, never>;
}

const byAddress: KeyOf = (request) => request.ip;

const byLogin: KeyOf = (request) => {
  const body = request.body as { login?: unknown } | null | undefined;
  return typeof body?.login === 'string' ? loginKey(body.login) : null;
};

const byUser: KeyOf = (request) => (request.auth ? String(request.auth.userId) : null);

/**
 * One named counter on the plugin's store (registerRateLimits must have run
 * on `app` or a parent): `count` uses one, `peek` only looks. Also used by
 * features that build their own limits (features/bots/api-limits.ts).
 */
export function keyedCounter(
  app: FastifyInstance,
  name: string,
  rule: RateLimitRule,
): { count: KeyedLimiter; peek: KeyedPeek } {
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowSeconds * 1000,
    keyGenerator: (carrier) => `${name}:${(carrier as unknown as KeyCarrier).limitKey}`,
  });
  // The plugin reads only the key (through keyGenerator) and the route's
  // options (for a group id) from what it is given.
  const run = (key: string, increment: boolean) =>
    check({ limitKey: key, routeOptions: {} } as unknown as FastifyRequest, { increment });
  const count: KeyedLimiter = async (key) => {
    const result = await run(key, true);
    return !result.isAllowed && result.isExceeded ? Math.max(1, result.ttlInSeconds) : null;
  };
  const peek: KeyedPeek = async (key) => {
    const result = await run(key, false);
    return !result.isAllowed && result.remaining === 0 && result.ttl > 0
      ? Math.max(1, result.ttlInSeconds)
      : null;
  };
  return { count, peek };
}

export async function registerRateLimits(
  app: FastifyInstance,
  options: RateLimitOptions,
): Promise<Limiters> {
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis } : {}),
    nameSpace: options.keyPrefix ?? 'parley-rl:',
    // If Redis is down, let sign-ins through rather than lock everyone out;
    // argon2 and the verify_username rule still slow guessing down.
    skipOnError: true,
  });

  const counter = (name: string, rule: RateLimitRule) => keyedCounter(app, name, rule);
  const keyed = (name: string, rule: RateLimitRule): KeyedLimiter => counter(name, rule).count;

  /** A route hook over a keyed limiter: the key from the request; none, no count. */
  const hook = (check: KeyedLimiter, keyOf: KeyOf): Limiter => {
    return async (request) => {
      const key = keyOf(request);
      if (key === null) return;
      const retryAfter = await check(key);
      if (retryAfter !== null) throw new TooManyRequests(retryAfter, MSG.tooManyRequests);
    };
  };
  const limiter = (name: string, rule: RateLimitRule, keyOf: KeyOf): Limiter =>
    hook(keyed(name, rule), keyOf);
  const sendPerUserId = keyed('send-user', options.rules.sendPerUser);
  const secret = counter('secret-user', options.rules.secretPerUser);

  return {
    loginPerAddress: limiter('login-ip', options.rules.loginPerAddress, byAddress),
    loginPerAccount: limiter('login-account', options.rules.loginPerAccount, byLogin),
    verifyPerAccount: limiter('verify-account', options.rules.verifyPerAccount, byLogin),
    registerPerAddress: limiter('register-ip', options.rules.registerPerAddress, byAddress),
    refreshPerAddress: limiter('refresh-ip', options.rules.refreshPerAddress, byAddress),
    secretPerUser: hook(secret.count, byUser),
    secretLeft: secret.peek,
    searchPerUser: limiter('search-user', options.rules.searchPerUser, byUser),
    previewFetchPerUser: limiter('preview-user', options.rules.previewFetchPerUser, byUser),
    sendPerUser: hook(sendPerUserId, byUser),
    sendPerUserId,
    uploadPerUser: limiter('upload-user', options.rules.uploadPerUser, byUser),
    typingPerChat: keyed('typing', options.rules.typingPerChat),
    invitePerPair: keyed('invite-pair', options.rules.invitePerPair),
    invitePerInvitee: keyed('invite-user', options.rules.invitePerInvitee),
  };
}
