import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/protocol/conversation';
import { useFormat } from '../../lib/format-loader';
import { useAuthStore } from '../auth/store';
import { useLiveStore } from './live-store';
import { toListItem } from './list-item';
import type { ConversationListItem } from './list-item';
import { archivedConversations, orderedConversations } from '@parley/protocol/sync/list-reducers';
import { useConversationStore } from './store';
import { typingNameFrom, typingText } from './typing';

/**
 * Container hook: the first page on mount, rows in spec 4 order, "load more"
 * for the list; and the hidden chats held, in the same order (the archive).
 */
export function useConversationList(): {
  items: ConversationListItem[];
  archived: ConversationListItem[];
  loading: boolean;
  loadMore: () => void;
} {
  const { t } = useTranslation();
  const byId = useConversationStore((s) => s.byId);
  const status = useConversationStore((s) => s.status);
  const loadFirstPage = useConversationStore((s) => s.loadFirstPage);
  const loadMore = useConversationStore((s) => s.loadMore);
  const user = useAuthStore((s) => s.user);
  const typing = useLiveStore((s) => s.typing);
  const online = useLiveStore((s) => s.online);
  const connected = useLiveStore((s) => s.connected);
  // Previews lose their markers once the parser's chunk has loaded.
  const format = useFormat();

  useEffect(() => {
    if (useConversationStore.getState().status === 'idle') void loadFirstPage();
  }, [loadFirstPage]);

  const { items, archived } = useMemo(() => {
    const state = { byId, unreadTotal: 0, userSeq: 0 };
    const row = (c: Conversation): ConversationListItem => {
      const item = toListItem(c, t, {
        ownId: user?.id ?? null,
        timeZone: user?.timezone ?? null,
      });
      return {
        ...item,
        typing: typingText(typing[c.id] ?? [], typingNameFrom(c), t),
        online: connected && item.friendId !== null && Boolean(online[item.friendId]),
      };
    };
    return {
      items: orderedConversations(state).map(row),
      archived: archivedConversations(state).map(row),
    };
    // `format` is read through formatNow() in list-item: its arrival must recompute the previews.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [byId, t, user, typing, online, connected, format]);
  return {
    items,
    archived,
    // The cached list shows while the network answers.
    loading: (status === 'idle' || status === 'loading') && items.length === 0,
    loadMore: () => void loadMore(),
  };
}
