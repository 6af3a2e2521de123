import { conversationRoutes } from '@parley/protocol/http/conversation-routes';
import { call } from '../../api/http';

// Blocking the friend of a direct chat (a person or a bot; a bot then gets
// my_chat_member). The change comes back as `conversation.updated`
// (pivot.blocked), which the list applies: nothing to write here. Apart from
// api.ts so that only the lazily loaded menu and chat view carry it.

export async function setFriendBlocked(conversationId: number, blocked: boolean): Promise<void> {
  await call(blocked ? conversationRoutes.friend.block : conversationRoutes.friend.unblock, {
    params: { id: conversationId },
  });
}
