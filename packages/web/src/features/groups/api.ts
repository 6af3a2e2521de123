import type { z } from 'zod';
import type { Conversation } from '@parley/protocol/conversation';
import type {
  ConversationPreview,
  CreateReply,
  EditInfoRequest,
  invitationReplySchema,
  MembersReply,
  ToLookupReply,
} from '@parley/protocol/group';
import { conversationRoutes } from '@parley/protocol/http/conversation-routes';
import { groupRoutes } from '@parley/protocol/http/group-routes';
import type { Role } from '@parley/protocol/permissions';
import type { InvitationPerson } from '@parley/protocol/group-invitation';
import { call } from '../../api/http';

// What the user asks of the server about groups and channels
// (docs/API.md, "Groups and channels"). Forms and pages show their own
// errors (silent); the panel's one-click actions report in the shared list.

export type ManagedKind = keyof typeof groupRoutes.create;

/** The create form as multipart (it may carry the avatar file); `invited`: asked, not added. */
export function createConversation(kind: ManagedKind, form: FormData): Promise<CreateReply> {
  return call(groupRoutes.create[kind], { body: form, silent: true });
}

/** A page of members (200, ordered by user id); `after`: the previous page's next_after. */
export function fetchMembers(id: number, after?: number): Promise<MembersReply> {
  const query = after === undefined ? { limit: 200 } : { limit: 200, after };
  return call(groupRoutes.members, { params: { id }, query, silent: true });
}

/** The info panel's edit form (its own errors: silent). */
export function editInfo(id: number, body: EditInfoRequest): Promise<Conversation> {
  return call(groupRoutes.editInfo, { params: { id }, body, silent: true });
}

/** A group's slow mode: one of SLOW_MODE_CHOICES (seconds), or null for off. */
export function setSlowMode(id: number, seconds: number | null): Promise<Conversation> {
  return call(groupRoutes.setSlowMode, { params: { id }, body: { slow_mode_seconds: seconds } });
}

/** A new avatar, multipart `avatar`; checked like the create form's. */
export function uploadAvatar(id: number, file: File): Promise<Conversation> {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return call(groupRoutes.setConversationAvatar, { params: { id }, body: form, silent: true });
}

/**
 * Adds friends as members (the add-members dialog shows its own errors);
 * those who must consent first are invited instead: who they are.
 */
export async function addMembers(id: number, userIds: number[]): Promise<InvitationPerson[]> {
  const reply = await call(groupRoutes.addMembers, {
    params: { id },
    body: { user_ids: userIds },
    silent: true,
  });
  return reply.invited;
}

export type MemberCall = keyof typeof groupRoutes.memberAction | 'unblock';

export async function actOnMember(id: number, userId: number, action: MemberCall): Promise<void> {
  const params = { id, user_id: userId };
  if (action === 'unblock') {
    await call(groupRoutes.unblockMember, { params, body: { add: false } });
  } else {
    await call(groupRoutes.memberAction[action], { params });
  }
}

/** Spec 7: POST /user/role; 'member' takes the role away, 'owner' hands ownership on. */
export async function setRole(conversationId: number, userId: number, role: Role): Promise<void> {
  await call(groupRoutes.setRole, {
    body: { conversation_id: conversationId, user_id: userId, role },
  });
}

/** Spec 7: POST /user/groups/leave. */
export async function leaveConversation(conversationId: number): Promise<void> {
  await call(groupRoutes.leave, { body: { conversation_id: conversationId } });
}

export type Invitation = z.infer<typeof invitationReplySchema>;

export function regenerateInvite(id: number): Promise<Invitation> {
  return call(groupRoutes.regenerateInvite, { params: { id } });
}

export function setAllowInvitation(id: number, allow: boolean): Promise<Invitation> {
  return call(groupRoutes.setAllowInvitation, {
    params: { id },
    body: { allow_invitation: allow },
  });
}

export function revokeInvite(id: number): Promise<Invitation> {
  return call(groupRoutes.revokeInvite, { params: { id } });
}

export async function setConversationNotifications(id: number, on: boolean): Promise<void> {
  await call(conversationRoutes.setConversationNotifications, {
    params: { id },
    body: { status: on },
  });
}

export function fetchInvitePreview(token: string): Promise<ConversationPreview> {
  return call(groupRoutes.invitePreview, { params: { join_token: token }, silent: true });
}

export function joinByToken(token: string): Promise<Conversation> {
  return call(groupRoutes.joinByToken, { params: { join_token: token }, silent: true });
}

export function joinByUsername(username: string): Promise<Conversation> {
  return call(groupRoutes.joinByUsername, { body: { username }, silent: true });
}

/** `/to/:username`: a user, or a public group or channel (no token needed). */
export function lookupUsername(username: string): Promise<ToLookupReply> {
  return call(groupRoutes.lookupUsername, { params: { username }, silent: true });
}
