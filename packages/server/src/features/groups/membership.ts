import type { Kysely } from 'kysely';
import type { BlockedUser, Member } from '@parley/protocol/member';
import { flag } from '../../store/types';
import type { Database, MemberRole } from '../../store/types';
import { appendConversationEvent, appendUserEvent } from '../../events/log';
import { lockConversation } from '../conversations/queries';
import { withdrawInvitation } from './invitation-store';
import * as q from './queries';
import type { MemberListRow } from './queries';

// The membership transitions of a group or channel, each inside the caller's
// transaction (which has locked the conversation row first, as every writer
// of a conversation does). Each writes its conversation event, for the
// other members, and the user event that makes the person's sockets follow
// or drop the conversation at once (realtime re-checks membership on
// conversation.joined / conversation.deleted / conversation.updated).

export function toBlockedUser(row: MemberListRow): BlockedUser {
  return {
    id: row.user_id,
    name: row.name,
    username: row.username,
    avatar: row.avatar,
    is_official: flag(row.is_official),
  };
}

export function toMember(row: MemberListRow): Member {
  return {
    ...toBlockedUser(row),
    // The web marks bots in member lists and makes their /commands tappable.
    is_bot: flag(row.is_bot),
    pivot: {
      role: row.role,
      user_id: row.user_id,
      blocked: flag(row.blocked),
      member_status: row.member_status,
      last_read_message_id: row.last_read_message_id,
    },
  };
}

async function memberRecord(trx: Kysely<Database>, conversationId: number, userId: number) {
  const [row] = await q.presentMembers(trx, conversationId, { limit: 1, userIds: [userId] });
  return row;
}

/**
 * Makes `userId` a present member (a new link, or a former member's link
 * brought back, starting from now: realtime resumes them from joined_at).
 * False when they already were one.
 */
export async function admit(
  trx: Kysely<Database>,
  conversationId: number,
  userId: number,
  at: string,
  role: MemberRole | null = null,
): Promise<boolean> {
  const link = await q.linkOf(trx, conversationId, userId);
  if (link?.member_status === 'member') return false;
  const fresh = {
    role,
    deleted: 0,
    blocked: 0,
    pinned: 0,
    hidden: 0,
    new_messages: 0,
    mentioned_message_id: null,
    member_status: 'member' as const,
    joined_at: at,
  };
  if (link) {
    await trx
      .updateTable('conversation_members')
      .set(fresh)
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', userId)
      .execute();
  } else {
    await trx
      .insertInto('conversation_members')
      .values({ conversation_id: conversationId, user_id: userId, ...fresh })
      .execute();
  }
  await withdrawInvitation(trx, conversationId, userId, at);
  const member = await memberRecord(trx, conversationId, userId);
  await appendConversationEvent(
    trx,
    conversationId,
    'member.joined',
    { user_id: userId, member: member ? toMember(member) : null },
    at,
  );
  await appendUserEvent(
    trx,
    userId,
    'conversation.joined',
    { conversation_id: conversationId },
    at,
  );
  return true;
}

export type Departure = 'left' | 'removed' | 'blocked';

/**
 * Takes a present member out: they leave, are removed, or are blocked.
 * Removed and blocked users join blocked_users (spec 4) and cannot come
 * back by link or username until unblocked. The last owner leaving hands
 * ownership on (see handOn). False when they were not a present member.
 */
export async function dismiss(
  trx: Kysely<Database>,
  conversationId: number,
  userId: number,
  how: Departure,
  at: string,
): Promise<boolean> {
  const link = await q.linkOf(trx, conversationId, userId);
  if (!link || link.member_status !== 'member') return false;
  const record = await memberRecord(trx, conversationId, userId);
  await trx
    .updateTable('conversation_members')
    .set({
      deleted: 1,
      member_status: how,
      role: null,
      blocked: how === 'left' ? 0 : 1,
      pinned: 0,
      new_messages: 0,
      mentioned_message_id: null,
    })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .execute();
  if (how === 'left') {
    await appendConversationEvent(trx, conversationId, 'member.left', { user_id: userId }, at);
  } else {
    await appendConversationEvent(
      trx,
      conversationId,
      'member.removed',
      {
        user_id: userId,
        member_status: how,
        blocked_user: record ? toBlockedUser(record) : null,
      },
      at,
    );
  }
  await appendUserEvent(
    trx,
    userId,
    'conversation.deleted',
    {
      conversation_id: conversationId,
      cleared: link.cleared,
      new_messages: 0,
      mentioned_message_id: null,
      deleted: 1,
      pinned: 0,
      member_status: how,
    },
    at,
  );
  if (link.role === 'owner') await handOn(trx, conversationId, at);
  return true;
}

/**
 * When no owner is left: the oldest moderator (else the oldest member)
 * becomes owner. With nobody left the conversation is archived: it keeps
 * its history but loses its username and invite link, so it can no longer
 * be found or joined, and the username is free again.
 */
async function handOn(trx: Kysely<Database>, conversationId: number, at: string): Promise<void> {
  if ((await q.ownerCount(trx, conversationId)) > 0) return;
  const next = await q.successor(trx, conversationId);
  if (!next) {
    await trx
      .updateTable('conversations')
      .set({ username: null, username_key: null, invitation_token: null })
      .where('id', '=', conversationId)
      .execute();
    return;
  }
  await setRole(trx, conversationId, next.user_id, 'owner', at);
}

/** Sets a present member's role, told to everyone and to the member's own pivot. */
export async function setRole(
  trx: Kysely<Database>,
  conversationId: number,
  userId: number,
  role: MemberRole | null,
  at: string,
): Promise<void> {
  await trx
    .updateTable('conversation_members')
    .set({ role })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .execute();
  await appendConversationEvent(trx, conversationId, 'member.role', { user_id: userId, role }, at);
  await appendUserEvent(
    trx,
    userId,
    'conversation.updated',
    { conversation_id: conversationId, role },
    at,
  );
}

/** Spec 4: the user leaves blocked_users; they may join again (or are added back by `admit`). */
export async function lift(
  trx: Kysely<Database>,
  conversationId: number,
  userId: number,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('conversation_members')
    .set({ member_status: 'left', blocked: 0 })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .where('member_status', 'in', ['blocked', 'removed'])
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await appendConversationEvent(trx, conversationId, 'member.unblocked', { user_id: userId }, at);
  return true;
}

export { lockConversation };
