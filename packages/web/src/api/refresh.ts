import { pathOf } from '@parley/protocol/http/route';
import { authRoutes } from '@parley/protocol/http/auth-routes';
import type { RefreshRequest } from '@parley/protocol/auth';
import { getRefreshToken, saveTokens } from '../lib/tokens';
import { signalAuthFailure } from './auth-failure';
import { readJson, send } from './transport';

export type RefreshOutcome = 'refreshed' | 'rejected' | 'offline';

let inflight: Promise<RefreshOutcome> | null = null;

/**
 * Single-flight token refresh (spec 4): every request that failed with 401
 * while a refresh runs waits for that same refresh, so the rotating refresh
 * token is used exactly once. A rejected refresh logs the user out; a
 * network failure does not (the user is offline, not signed out).
 */
export function refreshTokens(): Promise<RefreshOutcome> {
  inflight ??= acrossTabs(runRefresh).finally(() => {
    inflight = null;
  });
  return inflight;
}

/**
 * Refresh tokens are single-use and presenting a spent one revokes the whole
 * session, so two tabs must not refresh with the same token. The refresh runs
 * under a Web Lock shared by every tab of the origin; a tab that gets the
 * lock after another tab rotated the token adopts the new one instead of
 * spending the old one again.
 */
async function acrossTabs(
  task: (seen: string | null) => Promise<RefreshOutcome>,
): Promise<RefreshOutcome> {
  const seen = getRefreshToken();
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task(seen);
  return locks.request('parley-token-refresh', () => task(seen));
}

async function runRefresh(seen: string | null): Promise<RefreshOutcome> {
  const refreshToken = getRefreshToken();
  if (refreshToken && seen && refreshToken !== seen) return 'refreshed'; // another tab did it
  if (!refreshToken) {
    await signalAuthFailure();
    return 'rejected';
  }
  let response: Response;
  try {
    // Not call(): a 401 here is the answer, not a reason to refresh.
    const body: RefreshRequest = { refresh_token: refreshToken };
    response = await send(pathOf(authRoutes.refresh), {
      method: authRoutes.refresh.method,
      body,
      anonymous: true,
    });
  } catch {
    return 'offline';
  }
  const pair = response.ok ? authRoutes.refresh.reply.safeParse(await readJson(response)) : null;
  if (!pair?.success) {
    await signalAuthFailure();
    return 'rejected';
  }
  saveTokens(pair.data);
  return 'refreshed';
}
