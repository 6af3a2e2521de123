import { statusOkSchema } from '../auth';
import {
  conversationListQuerySchema,
  conversationListSchema,
  conversationNotificationsRequestSchema,
  conversationParamsSchema,
  conversationRequestSchema,
  conversationSchema,
  directRequestSchema,
  flagRequestSchema,
  keyboardRequestSchema,
  unreadReplySchema,
  userSearchQuerySchema,
  userSearchReplySchema,
} from '../conversation';
import { del, get, post } from './route';

// The conversation list, and what a member sets on their own link (pivot).
// One area of the route table (routes.ts).

const ok = { reply: statusOkSchema };
const conversationId = { params: conversationParamsSchema };
const flag = { ...conversationId, body: flagRequestSchema, ...ok };

export const conversationRoutes = {
  conversations: get('/user/conversations', {
    query: conversationListQuerySchema,
    reply: conversationListSchema,
  }),
  unread: get('/user/unread', { reply: unreadReplySchema }),
  conversation: post('/user/conversation', {
    body: conversationRequestSchema,
    reply: conversationSchema,
  }),
  openDirect: post('/user/conversations/direct', {
    body: directRequestSchema,
    reply: conversationSchema,
  }),
  conversationFlag: {
    pin: post('/user/conversations/:id/pin', flag),
    mute: post('/user/conversations/:id/mute', flag),
    hide: post('/user/conversations/:id/hide', flag),
  },
  setConversationNotifications: post('/user/conversations/:id/notifications', {
    ...conversationId,
    body: conversationNotificationsRequestSchema,
    ...ok,
  }),
  setKeyboard: post('/user/conversations/:id/keyboard', {
    ...conversationId,
    body: keyboardRequestSchema,
    ...ok,
  }),
  /** Direct chats: block or unblock the friend (pivot.blocked). */
  friend: {
    block: post('/user/conversations/:id/block', { ...conversationId, ...ok }),
    unblock: post('/user/conversations/:id/unblock', { ...conversationId, ...ok }),
  },
  clearConversation: post('/user/conversations/:id/clear', { ...conversationId, ...ok }),
  deleteConversation: del('/user/conversations/:id', { ...conversationId, ...ok }),
  searchUsers: get('/users/search', { query: userSearchQuerySchema, reply: userSearchReplySchema }),
};
