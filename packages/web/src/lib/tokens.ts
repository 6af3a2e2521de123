import { STORAGE_KEYS } from '@parley/protocol/constants';
import type { TokenPair } from '@parley/protocol/auth';
import { deleteCookie, getCookie, setCookie } from './cookies';

// Where the credentials live (spec 3 and 9): the access token in the `token`
// cookie, the refresh token in localStorage under `refresh_token`.

export function getAccessToken(): string | null {
  return getCookie(STORAGE_KEYS.tokenCookie) || null;
}

/**
 * The user id (`sub`) of the access token in the cookie, read without
 * checking the signature — only to tell whose local cache this is, never
 * to decide access (the server does that).
 */
export function accessTokenUserId(): number | null {
  const payload = getAccessToken()?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)));
    const sub =
      typeof claims === 'object' && claims !== null
        ? Number((claims as { sub?: unknown }).sub)
        : NaN;
    return Number.isSafeInteger(sub) && sub > 0 ? sub : null;
  } catch {
    return null;
  }
}

export function getRefreshToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.refreshToken) || null;
  } catch {
    return null; // storage disabled (private mode, policies): behave as signed out
  }
}

type TokenListener = (accessToken: string) => void;
const listeners = new Set<TokenListener>();

/** Called after every save (sign-in, refresh): the realtime socket re-authenticates with it. */
export function onTokensSaved(listener: TokenListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function saveTokens(pair: TokenPair): void {
  // The cookie outlives the access token a little on purpose: an expired
  // token produces a 401, which is what triggers the refresh (spec 4).
  setCookie(STORAGE_KEYS.tokenCookie, pair.access_token, { maxAgeSeconds: pair.expires_in + 60 });
  localStorage.setItem(STORAGE_KEYS.refreshToken, pair.refresh_token);
  for (const listener of listeners) listener(pair.access_token);
}

export function clearAccessToken(): void {
  deleteCookie(STORAGE_KEYS.tokenCookie);
}

/** Spec 2/6: a token cookie or a refresh credential counts as signed in for routing. */
export function hasCredentials(): boolean {
  return getAccessToken() !== null || getRefreshToken() !== null;
}
