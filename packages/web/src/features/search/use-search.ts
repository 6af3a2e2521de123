import { useCallback, useEffect, useState } from 'react';
import { SEARCH_QUERY_MAX } from '@parley/protocol/search';
import type { SearchReply } from '@parley/protocol/search';
import { search } from './api';

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
 * query, debounced; a newer query cancels the older call. `more` appends the
 * next page of messages.
 */
export function useSearch(query: string) {
  const q = query.trim().slice(0, SEARCH_QUERY_MAX);
  const [state, setState] = useState<SearchState>(EMPTY);

  useEffect(() => {
    if (q === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, loading: true }));
      search(q, { signal: controller.signal }).then(
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
  }, [q]);

  const before = state.q === q ? (state.reply?.next_before ?? null) : null;
  const more = useCallback(() => {
    if (before === null) return;
    setState((s) => ({ ...s, loadingMore: true }));
    search(q, { type: 'messages', before }).then(
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
