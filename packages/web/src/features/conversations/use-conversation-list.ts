import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../auth/store';
import { toListItem } from './list-item';
import type { ConversationListItem } from './list-item';
import { orderedConversations } from './reducers';
import { useConversationStore } from './store';

/** Container hook: the first page on mount, rows in spec 4 order, "load more" for the list. */
export function useConversationList(): {
  items: ConversationListItem[];
  loading: boolean;
  loadMore: () => void;
} {
  const { t } = useTranslation();
  const byId = useConversationStore((s) => s.byId);
  const status = useConversationStore((s) => s.status);
  const loadFirstPage = useConversationStore((s) => s.loadFirstPage);
  const loadMore = useConversationStore((s) => s.loadMore);
  const user = useAuthStore((s) => s.user);

  useEffect(() => {
    if (useConversationStore.getState().status === 'idle') void loadFirstPage();
  }, [loadFirstPage]);

  const items = useMemo(
    () =>
      orderedConversations({ byId, unreadTotal: 0 }).map((c) =>
        toListItem(c, t, { ownId: user?.id ?? null, timeZone: user?.timezone ?? null }),
      ),
    [byId, t, user],
  );
  return {
    items,
    loading: status === 'idle' || status === 'loading',
    loadMore: () => void loadMore(),
  };
}
