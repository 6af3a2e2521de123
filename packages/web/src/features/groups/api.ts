import type { z } from 'zod';
import { statusOkSchema } from '@parley/protocol/auth';
import { conversationSchema } from '@parley/protocol/conversation';
import type { Conversation } from '@parley/protocol/conversation';
import {
  invitationReplySchema,
  membersReplySchema,
  previewSchema,
  toLookupReplySchema,
  unblockReplySchema,
} from '@parley/protocol/group';
import type {
  ConversationPreview,
  EditInfoRequest,
  MembersReply,
  ToLookupReply,
} from '@parley/protocol/group';
import type { Role } from '@parley/protocol/permissions';
import { request } from '../../api/http';

// What the user asks of the server about groups and channels
// (docs/API.md, "Groups and channels"). Forms and pages show their own
// errors (silent); the panel's one-click actions report in the shared list.

export type ManagedKind = 'group' | 'channel';

/** The create form as multipart (it may carry the avatar file). */
export function createConversation(kind: ManagedKind, form: FormData): Promise<Conversation> {
  return request(`/user/${kind === 'group' ? 'groups' : 'channels'}/create`, {
    body: form,
    schema: conversationSchema,
    silent: true,
  });
}

export function fetchMembers(id: number): Promise<MembersReply> {
  return request(`/user/conversations/${id}/members?limit=200`, {
    schema: membersReplySchema,
    silent: true,
  });
}

/** The info panel's edit form (its own errors: silent). */
export function editInfo(id: number, body: EditInfoRequest): Promise<Conversation> {
  return request(`/user/conversations/${id}/edit`, {
    body,
    schema: conversationSchema,
    silent: true,
  });
}

/** A new avatar, multipart `avatar`; checked like the create form's. */
export function uploadAvatar(id: number, file: File): Promise<Conversation> {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return request(`/user/conversations/${id}/avatar`, {
    body: form,
    schema: conversationSchema,
    silent: true,
  });
}

/** Adds friends as members (the add-members dialog shows its own errors). */
export async function addMembers(id: number, userIds: number[]): Promise<void> {
  await request(`/user/conversations/${id}/members`, {
    body: { user_ids: userIds },
    schema: statusOkSchema,
    silent: true,
  });
}

export type MemberCall = 'remove' | 'block' | 'unblock';

export async function actOnMember(id: number, userId: number, call: MemberCall): Promise<void> {
  const path = `/user/conversations/${id}/members/${userId}/${call}`;
  if (call === 'unblock') {
    await request(path, { body: { add: false }, schema: unblockReplySchema });
  } else {
    await request(path, { method: 'POST', schema: statusOkSchema });
  }
}

/** Spec 7: POST /user/role; 'member' takes the role away, 'owner' hands ownership on. */
export async function setRole(conversationId: number, userId: number, role: Role): Promise<void> {
  await request('/user/role', {
    body: { conversation_id: conversationId, user_id: userId, role },
    schema: statusOkSchema,
  });
}

/** Spec 7: POST /user/groups/leave. */
export async function leaveConversation(conversationId: number): Promise<void> {
  await request('/user/groups/leave', {
    body: { conversation_id: conversationId },
    schema: statusOkSchema,
  });
}

export type Invitation = z.infer<typeof invitationReplySchema>;

export function regenerateInvite(id: number): Promise<Invitation> {
  return request(`/user/conversations/${id}/invitation`, {
    method: 'POST',
    schema: invitationReplySchema,
  });
}

export function setAllowInvitation(id: number, allow: boolean): Promise<Invitation> {
  return request(`/user/conversations/${id}/allow-invitation`, {
    body: { allow_invitation: allow },
    schema: invitationReplySchema,
  });
}

export function revokeInvite(id: number): Promise<Invitation> {
  return request(`/user/conversations/${id}/invitation`, {
    method: 'DELETE',
    schema: invitationReplySchema,
  });
}

export async function setConversationNotifications(id: number, on: boolean): Promise<void> {
  await request(`/user/conversations/${id}/notifications`, {
    body: { status: on },
    schema: statusOkSchema,
  });
}

export function fetchInvitePreview(token: string): Promise<ConversationPreview> {
  return request(`/conversations/join/${encodeURIComponent(token)}`, {
    schema: previewSchema,
    silent: true,
  });
}

export function joinByToken(token: string): Promise<Conversation> {
  return request(`/conversations/join/${encodeURIComponent(token)}`, {
    method: 'POST',
    schema: conversationSchema,
    silent: true,
  });
}

export function joinByUsername(username: string): Promise<Conversation> {
  return request('/user/groups/join', {
    body: { username },
    schema: conversationSchema,
    silent: true,
  });
}

/** `/to/:username`: a user, or a public group or channel (no token needed). */
export function lookupUsername(username: string): Promise<ToLookupReply> {
  return request(`/to/${encodeURIComponent(username)}`, {
    schema: toLookupReplySchema,
    silent: true,
  });
}
