import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@parley/protocol/messages';
import type { AccessTokens } from '../features/auth/tokens';
import type { SessionsService } from '../features/sessions/service';
import type { UsersService } from '../features/users/service';
import { HttpError } from './http-error';

export interface AuthContext {
  userId: number;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard on routes that require sign-in. */
    auth: AuthContext | null;
  }
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

/** The Bearer token of a request; no other scheme (cookie, query) is accepted. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header ? (BEARER.exec(header)?.[1] ?? null) : null;
}

export function decorateAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}

/**
 * The onRequest hook of routes that require sign-in. Besides the token's
 * signature and expiry it checks, on every request, that the session has
 * not been revoked — one indexed primary-key read — so logout and "revoke
 * session" take effect at once. Nothing about sessions is cached here.
 */
export function authGuard(
  deps: {
    tokens: AccessTokens;
    sessions: SessionsService;
    users: UsersService;
  },
  options: {
    /**
     * Also accept the access token from this cookie (the web keeps it in
     * `token`). Only for GET routes an <img> must reach, which cannot send a
     * header; state changes stay Bearer-or-CSRF.
     */
    cookie?: string;
  } = {},
): Guard {
  return async (request) => {
    const fromCookie = options.cookie ? request.cookies[options.cookie] : undefined;
    const token = bearerToken(request) ?? (fromCookie || null);
    const claims = token ? await deps.tokens.verify(token) : null;
    if (!claims || !(await deps.sessions.isActive(claims.sessionId, claims.userId))) {
      throw new HttpError(401, MSG.unauthenticated);
    }
    request.auth = { userId: claims.userId, sessionId: claims.sessionId };
    await deps.users.recordActivity(claims.userId);
  };
}

/** The signed-in caller, inside a route protected by authGuard. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new HttpError(401, MSG.unauthenticated);
  return request.auth;
}
