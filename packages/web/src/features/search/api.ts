import { searchReplySchema } from '@parley/protocol/search';
import type { SearchReply, SearchType } from '@parley/protocol/search';
import { request } from '../../api/http';

// What the search box asks of the server.

export function search(
  q: string,
  options: { type?: SearchType; before?: number | null; signal?: AbortSignal } = {},
): Promise<SearchReply> {
  const params = new URLSearchParams({ q, type: options.type ?? 'all' });
  if (options.before) params.set('before', String(options.before));
  return request(`/user/search?${params.toString()}`, {
    schema: searchReplySchema,
    signal: options.signal,
    // A failed search shows as "no results"; a 429 still gets its toast.
    silent: true,
  });
}
