import { statusOkSchema } from '../auth';
import { conversationParamsSchema, conversationSchema } from '../conversation';
import {
  addMembersReplySchema,
  addMembersRequestSchema,
  allowInvitationRequestSchema,
  createReplySchema,
  editInfoRequestSchema,
  slowModeRequestSchema,
  invitationReplySchema,
  joinByUsernameRequestSchema,
  joinTokenParamsSchema,
  leaveRequestSchema,
  memberParamsSchema,
  membersQuerySchema,
  membersReplySchema,
  previewSchema,
  roleRequestSchema,
  toLookupReplySchema,
  unblockReplySchema,
  unblockRequestSchema,
  usernameParamsSchema,
} from '../group';
import { del, get, MULTIPART, post } from './route';

// Groups and channels: creating, editing, members, invites, joining
// (docs/PERMISSIONS.md). One area of the route table (routes.ts).

const ok = { reply: statusOkSchema };
const conversationId = { params: conversationParamsSchema };
const memberId = { params: memberParamsSchema };

export const groupRoutes = {
  /** The create form (spec 3), multipart with an optional avatar, or JSON. */
  create: {
    group: post('/user/groups/create', { body: MULTIPART, reply: createReplySchema }),
    channel: post('/user/channels/create', { body: MULTIPART, reply: createReplySchema }),
  },
  editInfo: post('/user/conversations/:id/edit', {
    ...conversationId,
    body: editInfoRequestSchema,
    reply: conversationSchema,
  }),
  setSlowMode: post('/user/conversations/:id/slow-mode', {
    ...conversationId,
    body: slowModeRequestSchema,
    reply: conversationSchema,
  }),
  setConversationAvatar: post('/user/conversations/:id/avatar', {
    ...conversationId,
    body: MULTIPART,
    reply: conversationSchema,
  }),
  members: get('/user/conversations/:id/members', {
    ...conversationId,
    query: membersQuerySchema,
    reply: membersReplySchema,
  }),
  addMembers: post('/user/conversations/:id/members', {
    ...conversationId,
    body: addMembersRequestSchema,
    reply: addMembersReplySchema,
  }),
  /** Out of members, into blocked_users. */
  memberAction: {
    remove: post('/user/conversations/:id/members/:user_id/remove', { ...memberId, ...ok }),
    block: post('/user/conversations/:id/members/:user_id/block', { ...memberId, ...ok }),
  },
  unblockMember: post('/user/conversations/:id/members/:user_id/unblock', {
    ...memberId,
    body: unblockRequestSchema,
    reply: unblockReplySchema,
  }),
  setRole: post('/user/role', { body: roleRequestSchema, ...ok }),
  leave: post('/user/groups/leave', { body: leaveRequestSchema, ...ok }),
  regenerateInvite: post('/user/conversations/:id/invitation', {
    ...conversationId,
    reply: invitationReplySchema,
  }),
  revokeInvite: del('/user/conversations/:id/invitation', {
    ...conversationId,
    reply: invitationReplySchema,
  }),
  setAllowInvitation: post('/user/conversations/:id/allow-invitation', {
    ...conversationId,
    body: allowInvitationRequestSchema,
    reply: invitationReplySchema,
  }),
  invitePreview: get('/conversations/join/:join_token', {
    params: joinTokenParamsSchema,
    reply: previewSchema,
  }),
  joinByToken: post('/conversations/join/:join_token', {
    params: joinTokenParamsSchema,
    reply: conversationSchema,
  }),
  joinByUsername: post('/user/groups/join', {
    body: joinByUsernameRequestSchema,
    reply: conversationSchema,
  }),
  /** Public: a user, else a public group or channel. */
  lookupUsername: get('/to/:username', {
    params: usernameParamsSchema,
    reply: toLookupReplySchema,
  }),
};
