import { useCallback, useEffect, useState } from 'react';
import { SEARCH_QUERY_MAX } from '@parley/protocol/constants';
import type { SearchReply, SearchType } from '@parley/protocol/search';

// The search call and its reply's schema are not part of the chat screen's
// first load: they load with the first query, during its debounce.
const searchApi = () => import('./api');

const DEBOUNCE_MS = 250;

export type SearchState = {
  /** The query these results answer ('' while nothing was asked). */
  q: string;
  reply: SearchReply | null;
  loading: boolean;
  loadingMore: boolean;
};

const EMPTY: SearchState = { q: '', reply: null, loading: false, loadingMore: false };

/**
 * Server cache of the search box: people, groups and messages for the
 * query (or only `type`: the new-message picker asks for people), debounced;
 * a newer query cancels the older call. `more` appends the next page of
 * messages.
 */
export function useSearch(query: string, type: SearchType = 'all') {
  const q = query.trim().slice(0, SEARCH_QUERY_MAX);
  const [state, setState] = useState<SearchState>(EMPTY);

  useEffect(() => {
    if (q === '') return;
    const controller = new AbortController();
    searchApi().catch(() => undefined); // fetched now; a failure shows at the call
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, loading: true }));
      searchApi()
        .then(({ search }) => search(q, { type, signal: controller.signal }))
        .then(
          (reply) => setState({ q, reply, loading: false, loadingMore: false }),
          () => {
            if (!controller.signal.aborted) setState({ ...EMPTY, q });
          },
        );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, type]);

  const before = state.q === q ? (state.reply?.next_before ?? null) : null;
  const more = useCallback(() => {
    if (before === null) return;
    setState((s) => ({ ...s, loadingMore: true }));
    searchApi()
      .then(({ search }) => search(q, { type: 'messages', before }))
      .then(
        (page) =>
          setState((s) =>
            s.q !== q || !s.reply
              ? s
              : {
                  ...s,
                  loadingMore: false,
                  reply: {
                    ...s.reply,
                    messages: [...s.reply.messages, ...page.messages],
                    next_before: page.next_before,
                  },
                },
          ),
        () => setState((s) => ({ ...s, loadingMore: false })),
      );
  }, [q, before]);

  const current = q !== '' && state.q === q;
  return {
    reply: current ? state.reply : null,
    /** Typing, waiting for the debounce, or the call is on its way. */
    pending: q !== '' && (!current || state.loading),
    loadingMore: current && state.loadingMore,
    hasMore: before !== null,
    more,
  };
}
