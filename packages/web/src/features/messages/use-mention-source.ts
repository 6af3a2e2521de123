import { useCallback, useMemo } from 'react';
import type { Conversation } from '@parley/protocol/conversation';
import type { Message } from '@parley/protocol/message';
import { can, roleOf } from '@parley/protocol/permissions';
import { recentSpeakers } from '@parley/protocol/rules/mention-suggest';
import { loadMemberDirectory } from '../groups/member-directory';
import type { MentionSource } from './use-mention-menu';

/**
 * The composer's "@" members for a group or channel whose member list the
 * user may see (the permission matrix: any group member, a channel's
 * admins); none in direct chats. Recent speakers come from the loaded history.
 */
export function useMentionSource(
  conversation: Conversation,
  messages: readonly Message[] | undefined,
  ownId: number | null,
): MentionSource | undefined {
  const id = conversation.id;
  const managed = conversation.is_group || conversation.is_channel;
  const allowed =
    managed && can(roleOf(conversation.pivot.role), 'view_members', conversation.type);
  const load = useCallback(
    async () =>
      (await loadMemberDirectory(id)).map((m) => ({
        id: m.id,
        name: m.name,
        username: m.username,
        avatar: m.avatar,
        is_bot: m.is_bot,
        is_official: m.is_official,
      })),
    [id],
  );
  const recentIds = useMemo(() => recentSpeakers(messages ?? []), [messages]);
  return useMemo(
    () => (allowed ? { load, recentIds, selfId: ownId } : undefined),
    [allowed, load, recentIds, ownId],
  );
}
