import { useMemo } from 'react';
import { sortConversations } from '@parley/protocol/rules/list-order';
import { useConversationStore } from '../conversations/store';

export type Contact = {
  id: number;
  name: string;
  avatar: string | null;
  /** For the pickers' badges (ui/AccountBadge.tsx). */
  bot: boolean;
  official: boolean;
};

/**
 * The people a group may be created with (docs/PERMISSIONS.md, "Friends"):
 * the other side of each loaded direct chat that neither side has blocked.
 */
export function useContacts(): Contact[] {
  const byId = useConversationStore((s) => s.byId);
  return useMemo(() => {
    const seen = new Set<number>();
    const out: Contact[] = [];
    for (const c of sortConversations(Object.values(byId))) {
      const friend = c.type === 'direct' ? c.friend : null;
      if (!friend || c.pivot.blocked || friend.pivot.blocked || seen.has(friend.id)) continue;
      seen.add(friend.id);
      out.push({
        id: friend.id,
        name: friend.name,
        avatar: friend.avatar,
        bot: c.with_bot === true || friend.is_bot === true,
        official: friend.is_official === true,
      });
    }
    return out;
  }, [byId]);
}
