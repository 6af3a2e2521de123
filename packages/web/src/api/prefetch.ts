import { API_BASE } from '@parley/protocol/constants';
import type { Route } from '@parley/protocol/http/route';
import { pathOf } from '@parley/protocol/http/route';
import { getAccessToken } from '../lib/tokens';
import { buildHeaders } from './headers';

// GETs a screen needs first, sent as soon as the entry runs rather than
// after the screen's code has loaded and mounted (that was a waterfall:
// HTML → entry → screen chunks → requests). The HTTP client takes a
// prefetched reply instead of sending the same GET again: once, while
// fresh, and only if it went out with the token that is current now.
// Everything after that (401 → refresh → retry, parsing, the error list)
// is the client's usual path. Entries are routes of the protocol's table
// without parameters or query, matched by the route itself.

/** An older prefetched reply is not used: the client asks again. */
const FRESH_MS = 10_000;

type Prefetched = { token: string | null; sentAt: number; response: Promise<Response> };

const prefetched = new Map<Route, Prefetched>();

/** Sends each route's plain GET now; settles when every reply is in (or failed). */
export function prefetch(routes: readonly Route[]): Promise<void> {
  const responses = routes.map((route) => {
    const response = fetch(`${API_BASE}${pathOf(route)}`, {
      headers: buildHeaders({ json: false }),
      credentials: 'same-origin',
    });
    prefetched.set(route, { token: getAccessToken(), sentAt: Date.now(), response });
    return response;
  });
  // Not taken, or failed: the client sends its own request, so nothing to report here.
  return Promise.allSettled(responses).then(() => undefined);
}

/** The prefetched reply to the route's plain GET, handed out once; null when there is none to use. */
export function takePrefetched(route: Route): Promise<Response> | null {
  const entry = prefetched.get(route);
  if (!entry) return null;
  prefetched.delete(route);
  const usable = entry.token === getAccessToken() && Date.now() - entry.sentAt <= FRESH_MS;
  return usable ? entry.response : null;
}
