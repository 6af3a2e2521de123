import { useEffect, useState } from 'react';
import type { UserSearchReply } from '@parley/protocol/conversation';
import { searchUsers } from './api';

const DEBOUNCE_MS = 250;

/** People matching the search box, debounced; a newer query cancels the older call. */
export function useUserSearch(query: string): UserSearchReply['users'] {
  const [users, setUsers] = useState<UserSearchReply['users']>([]);
  const q = query.trim().replace(/^@/, '');
  useEffect(() => {
    if (q === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchUsers(q, controller.signal).then(setUsers, () => setUsers([]));
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);
  return q === '' ? [] : users;
}
