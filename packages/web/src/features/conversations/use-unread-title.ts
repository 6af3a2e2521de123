import { useEffect } from 'react';
import { useConversationStore } from './store';

/** Spec 3 global unread count, shown in the tab title: "(3) Parley". */
export function useUnreadTitle(): void {
  const unread = useConversationStore((s) => s.unreadTotal);
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\)\s*/, '');
    document.title = unread > 0 ? `(${unread}) ${base}` : base;
  }, [unread]);
}
