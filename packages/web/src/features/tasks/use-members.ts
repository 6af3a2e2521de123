import { useEffect, useState } from 'react';
import type { Conversation } from '@parley/protocol/conversation';
import { groupRoutes } from '@parley/protocol/http/group-routes';
import type { User } from '@parley/protocol/user';
import { call } from '../../api/http';

// Who may be assigned: the conversation's present members (docs/TASKS.md,
// "assignee_ids"). A direct chat: its two people; Saved Messages: the owner;
// a group or channel: its member list (the first 200, as the info panel reads it).

export type Person = {
  id: number;
  name: string;
  avatar: string | null;
  /** For the picker's badges (ui/AccountBadge.tsx). */
  bot?: boolean | undefined;
  official?: boolean | undefined;
};

export function useMembers(conversation: Conversation, self: User | null): Person[] {
  const [members, setMembers] = useState<Person[] | null>(null);
  const id = conversation.id;
  const managed = conversation.is_group || conversation.is_channel;
  useEffect(() => {
    if (!managed) return;
    let live = true;
    call(groupRoutes.members, { params: { id }, query: { limit: 200 }, silent: true })
      .then((reply) => {
        if (live) {
          setMembers(
            reply.members
              .filter((m) => m.pivot.member_status === 'member')
              .map((m) => ({
                id: m.id,
                name: m.name,
                avatar: m.avatar,
                bot: m.is_bot,
                official: m.is_official,
              })),
          );
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [id, managed]);
  if (managed) return members ?? [];
  const me: Person[] = self ? [{ id: self.id, name: self.name, avatar: self.avatar }] : [];
  const friend = conversation.friend;
  return friend && !conversation.is_saved
    ? [
        ...me,
        {
          id: friend.id,
          name: friend.name,
          avatar: friend.avatar ?? null,
          bot: conversation.with_bot === true || friend.is_bot === true,
          official: friend.is_official,
        },
      ]
    : me;
}
