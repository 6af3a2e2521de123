import { searchRoutes } from '@parley/protocol/http/search-routes';
import type { SearchReply, SearchType } from '@parley/protocol/search';
import { call } from '../../api/http';

// What the search box asks of the server.

export function search(
  q: string,
  options: { type?: SearchType; before?: number | null; signal?: AbortSignal } = {},
): Promise<SearchReply> {
  return call(searchRoutes.search, {
    query: {
      q,
      type: options.type ?? 'all',
      ...(options.before ? { before: options.before } : {}),
    },
    signal: options.signal,
    // A failed search shows as "no results"; a 429 still gets its toast.
    silent: true,
  });
}
