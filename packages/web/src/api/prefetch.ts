import { API_BASE } from '@parley/protocol/constants';
import { getAccessToken } from '../lib/tokens';
import { buildHeaders } from './headers';

// GETs a screen needs first, sent as soon as the entry runs rather than
// after the screen's code has loaded and mounted (that was a waterfall:
// HTML → entry → screen chunks → requests). The HTTP client takes a
// prefetched reply instead of sending the same GET again: once, while
// fresh, and only if it went out with the token that is current now.
// Everything after that (401 → refresh → retry, parsing, the error list)
// is the client's usual path. Each is the plain GET of a route of the
// protocol's table (no parameters, no query), kept under the route's path.
// Only paths come in here, never the table itself: this module is part of
// the entry, and the table would bring zod and every schema with it.

/** An older prefetched reply is not used: the client asks again. */
const FRESH_MS = 10_000;

type Prefetched = { token: string | null; sentAt: number; response: Promise<Response> };

const prefetched = new Map<string, Prefetched>();

/** Sends `GET API_BASE + path` for each route path now; settles when every reply is in (or failed). */
export function prefetch(paths: readonly string[]): Promise<void> {
  const responses = paths.map((path) => {
    const response = fetch(`${API_BASE}${path}`, {
      headers: buildHeaders({ json: false }),
      credentials: 'same-origin',
    });
    prefetched.set(path, { token: getAccessToken(), sentAt: Date.now(), response });
    return response;
  });
  // Not taken, or failed: the client sends its own request, so nothing to report here.
  return Promise.allSettled(responses).then(() => undefined);
}

/** The prefetched reply to `GET path`, handed out once; null when there is none to use. */
export function takePrefetched(path: string): Promise<Response> | null {
  const entry = prefetched.get(path);
  if (!entry) return null;
  prefetched.delete(path);
  const usable = entry.token === getAccessToken() && Date.now() - entry.sentAt <= FRESH_MS;
  return usable ? entry.response : null;
}
