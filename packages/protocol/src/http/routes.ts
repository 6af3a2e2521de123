import {
  loginReplySchema,
  loginRequestSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  statusOkSchema,
  tokenPairSchema,
} from '../auth';
import {
  conversationListQuerySchema,
  conversationListSchema,
  conversationParamsSchema,
  conversationRequestSchema,
  conversationSchema,
  directRequestSchema,
  flagRequestSchema,
  groupRequestSchema,
  keyboardRequestSchema,
  pinnedMessageReplySchema,
  pinnedMessageRequestSchema,
  unreadReplySchema,
  userSearchQuerySchema,
  userSearchReplySchema,
} from '../conversation';
import { fileKeyParamsSchema, fileUploadedSchema } from '../file';
import {
  folderAssignReplySchema,
  folderAssignRequestSchema,
  folderChangeReplySchema,
  folderListSchema,
  folderNameRequestSchema,
  folderOrderRequestSchema,
  folderParamsSchema,
} from '../folder';
import {
  addMembersReplySchema,
  addMembersRequestSchema,
  allowInvitationRequestSchema,
  conversationNotificationsRequestSchema,
  editInfoRequestSchema,
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
import { linkPreviewImageParamsSchema, linkPreviewReplySchema } from '../link-preview';
import {
  conversationIdParamsSchema,
  deleteMessageQuerySchema,
  editMessageRequestSchema,
  forwardReplySchema,
  forwardRequestSchema,
  historyQuerySchema,
  historyReplySchema,
  messageIdParamsSchema,
  messageSchema,
  readReplySchema,
  readRequestSchema,
  sendMessageRequestSchema,
} from '../message';
import { searchQuerySchema, searchReplySchema } from '../search';
import {
  avatarFileParamsSchema,
  avatarUploadedSchema,
  checkSecretRequestSchema,
  editProfileRequestSchema,
  maxTimeInactiveRequestSchema,
  passwordChangeRequestSchema,
  setSecretRequestSchema,
  switchRequestSchema,
  userReplySchema,
} from '../settings';
import { sessionIdParamsSchema, sessionListSchema, userSchema } from '../user';
import type { User } from '../user';
import { BYTES, del, get, MULTIPART, patch, post } from './route';

// Every HTTP call of the API (paths under API_BASE), in one table. The
// server registers each route from its entry and a test checks the two
// agree both ways; the web calls `call(routes.x, input)`. A family of calls
// that differ only in a path segment (pin/mute/hide, the switches) is a
// record of routes keyed by that segment's meaning. How to add a call:
// CONTRIBUTING.md, "Add an HTTP route"; conventions: docs/API.md.

const ok = { reply: statusOkSchema };
const conversationId = { params: conversationParamsSchema };
const memberId = { params: memberParamsSchema };

/**
 * An on/off setting (spec 7): `setting` is the User field it sets, `field`
 * the body field its call takes (the spec's name).
 */
const switchRoute = <const P extends string, S extends keyof User>(
  path: P,
  setting: S,
  field: string,
) => ({
  ...post(path, { body: switchRequestSchema(field), ...ok }),
  setting,
  field,
});

export const routes = {
  // Auth and the signed-in user (spec 4, 7)
  register: post('/register', { body: registerRequestSchema, ...ok }),
  login: post('/login', { body: loginRequestSchema, reply: loginReplySchema }),
  refresh: post('/user/refresh', { body: refreshRequestSchema, reply: tokenPairSchema }),
  /** The body is optional; firebase_token is accepted for the push feature to come. */
  logout: post('/logout', { body: logoutRequestSchema.nullish(), ...ok }),
  user: get('/user', { reply: userSchema }),
  sessions: get('/user/sessions', { reply: sessionListSchema }),
  revokeSession: del('/user/sessions/:id', { params: sessionIdParamsSchema, ...ok }),
  revokeOtherSessions: post('/user/sessions/revoke-others', ok),

  // People and search
  searchUsers: get('/users/search', { query: userSearchQuerySchema, reply: userSearchReplySchema }),
  search: get('/user/search', { query: searchQuerySchema, reply: searchReplySchema }),
  lookupUsername: get('/to/:username', {
    params: usernameParamsSchema,
    reply: toLookupReplySchema,
  }),

  // Conversations
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
  createGroupChat: post('/user/conversations/group', {
    body: groupRequestSchema,
    reply: conversationSchema,
  }),
  conversationFlag: {
    pin: post('/user/conversations/:id/pin', { ...conversationId, body: flagRequestSchema, ...ok }),
    mute: post('/user/conversations/:id/mute', {
      ...conversationId,
      body: flagRequestSchema,
      ...ok,
    }),
    hide: post('/user/conversations/:id/hide', {
      ...conversationId,
      body: flagRequestSchema,
      ...ok,
    }),
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

  // Folders
  folders: get('/user/folders', { reply: folderListSchema }),
  createFolder: post('/user/folders', {
    body: folderNameRequestSchema,
    reply: folderChangeReplySchema,
  }),
  renameFolder: patch('/user/folders/:id', {
    params: folderParamsSchema,
    body: folderNameRequestSchema,
    reply: folderChangeReplySchema,
  }),
  deleteFolder: del('/user/folders/:id', {
    params: folderParamsSchema,
    reply: folderChangeReplySchema,
  }),
  reorderFolders: post('/user/folders/order', {
    body: folderOrderRequestSchema,
    reply: folderChangeReplySchema,
  }),
  assignFolder: post('/user/conversations/:id/folder', {
    ...conversationId,
    body: folderAssignRequestSchema,
    reply: folderAssignReplySchema,
  }),

  // Messages
  history: get('/user/conversations/:id/messages', {
    ...conversationId,
    query: historyQuerySchema,
    reply: historyReplySchema,
  }),
  sendMessage: post('/user/messages', { body: sendMessageRequestSchema, reply: messageSchema }),
  editMessage: patch('/user/messages/:id', {
    params: messageIdParamsSchema,
    body: editMessageRequestSchema,
    reply: messageSchema,
  }),
  deleteMessage: del('/user/messages/:id', {
    params: messageIdParamsSchema,
    query: deleteMessageQuerySchema,
    ...ok,
  }),
  /** The body is optional: without message_id, up to the newest. */
  markRead: post('/user/messages/read/:conversation_id', {
    params: conversationIdParamsSchema,
    body: readRequestSchema.nullish(),
    reply: readReplySchema,
  }),
  forwardMessages: post('/user/messages/forward', {
    body: forwardRequestSchema,
    reply: forwardReplySchema,
  }),
  setPinnedMessage: post('/user/conversations/:id/pinned-message', {
    ...conversationId,
    body: pinnedMessageRequestSchema,
    reply: pinnedMessageReplySchema,
  }),
  linkPreview: get('/user/messages/:id/link-preview', {
    params: messageIdParamsSchema,
    reply: linkPreviewReplySchema,
  }),
  linkPreviewImage: get('/link-previews/images/:key', {
    params: linkPreviewImageParamsSchema,
    reply: BYTES,
  }),

  // Files (docs/FILES.md); downloads take the Bearer header or the `token` cookie
  uploadFile: post('/user/files/upload', { body: MULTIPART, reply: fileUploadedSchema }),
  file: get('/files/:key', { params: fileKeyParamsSchema, reply: BYTES }),
  fileThumbnail: get('/files/:key/thumbnail', { params: fileKeyParamsSchema, reply: BYTES }),

  // Groups and channels (docs/PERMISSIONS.md)
  /** The create form (spec 3), multipart with an optional avatar, or JSON. */
  create: {
    group: post('/user/groups/create', { body: MULTIPART, reply: conversationSchema }),
    channel: post('/user/channels/create', { body: MULTIPART, reply: conversationSchema }),
  },
  editInfo: post('/user/conversations/:id/edit', {
    ...conversationId,
    body: editInfoRequestSchema,
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

  // Profile and settings (spec 7; refusals answer `status: 'error'`, docs/API.md)
  editProfile: post('/user/settings/edit/profile', {
    body: editProfileRequestSchema,
    reply: userReplySchema,
  }),
  uploadAvatar: post('/user/avatar/upload', { body: MULTIPART, reply: avatarUploadedSchema }),
  avatar: get('/avatars/:file', { params: avatarFileParamsSchema, reply: BYTES }),
  /** The on/off settings, by the User field each sets. */
  switches: {
    notifications: switchRoute('/user/settings/notifications', 'notifications', 'status'),
    hide_status: switchRoute('/user/settings/hide-status', 'hide_status', 'hide_status'),
    muted: switchRoute('/user/mute', 'muted', 'muted'),
    allow_search: switchRoute('/user/settings/allow-search', 'allow_search', 'allow_search'),
    load_links: switchRoute('/user/settings/load-links', 'load_links', 'load_links'),
    paranoid: switchRoute('/user/paranoid', 'paranoid', 'on'),
  } satisfies { [K in keyof User]?: { setting: K } },
  setMaxTimeInactive: post('/user/settings/max-time-inactive', {
    body: maxTimeInactiveRequestSchema,
    ...ok,
  }),
  changePassword: post('/user/settings/password/change', {
    body: passwordChangeRequestSchema,
    ...ok,
  }),
  setSecret: post('/user/settings/set-secret', { body: setSecretRequestSchema, ...ok }),
  checkSecret: post('/user/check-secret', { body: checkSecretRequestSchema, ...ok }),

  // Operations
  health: get('/health', ok),
  ready: get('/ready', ok),
};

/** An on/off setting, by the User field it sets. */
export type SwitchName = keyof typeof routes.switches;
