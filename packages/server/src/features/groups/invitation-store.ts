import type { Kysely } from 'kysely';
import type {
  GroupInvitation,
  InvitationPerson,
  INVITATION_OUTCOMES,
} from '@parley/protocol/group-invitation';
import { appendUserEvent } from '../../events/log';
import type { Database } from '../../store/types';

// The rows of group invitations and their user events, inside a caller's
// transaction (the service is invitations.ts; membership.ts withdraws one
// when its person joins another way).

type Outcome = (typeof INVITATION_OUTCOMES)[number];

export function invitationRows(db: Kysely<Database>) {
  return db
    .selectFrom('group_invitations as i')
    .innerJoin('conversations as c', 'c.id', 'i.conversation_id')
    .innerJoin('users as u', 'u.id', 'i.inviter_id')
    .select([
      'i.id',
      'i.conversation_id',
      'i.user_id',
      'i.inviter_id',
      'i.created_at',
      'c.type',
      'c.name as conversation_name',
      'c.avatar as conversation_avatar',
      'u.name as inviter_name',
      'u.username as inviter_username',
      'u.avatar as inviter_avatar',
    ]);
}

export type InvitationRow = Awaited<
  ReturnType<ReturnType<typeof invitationRows>['executeTakeFirstOrThrow']>
>;

export function toInvitation(row: InvitationRow): GroupInvitation {
  return {
    id: row.id,
    conversation: {
      id: row.conversation_id,
      type: row.type === 'channel' ? 'channel' : 'group',
      name: row.conversation_name,
      avatar: row.conversation_avatar,
    },
    inviter: {
      id: row.inviter_id,
      name: row.inviter_name,
      username: row.inviter_username,
      avatar: row.inviter_avatar,
    },
    created_at: row.created_at,
  };
}

/** The people named, as an invitation names them (the adder's reply). */
export async function invitationPeople(
  db: Kysely<Database>,
  userIds: number[],
): Promise<InvitationPerson[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'name', 'username', 'avatar'])
    .where('id', 'in', userIds)
    .orderBy('id')
    .execute();
}

/**
 * Inside the adder's transaction: invites each of `userIds` who has no open
 * invitation to this conversation yet (an existing one stays as it is).
 */
export async function invite(
  trx: Kysely<Database>,
  conversationId: number,
  inviterId: number,
  userIds: number[],
  at: string,
): Promise<void> {
  for (const userId of [...userIds].sort((a, b) => a - b)) {
    const open = await trx
      .selectFrom('group_invitations')
      .select('id')
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (open) continue;
    const { id } = await trx
      .insertInto('group_invitations')
      .values({
        conversation_id: conversationId,
        user_id: userId,
        inviter_id: inviterId,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await invitationRows(trx).where('i.id', '=', id).executeTakeFirstOrThrow();
    await appendUserEvent(
      trx,
      userId,
      'invitation.received',
      { invitation: toInvitation(row) },
      at,
    );
  }
}

/**
 * Ends an open invitation and tells the invitee's devices. False when it was
 * already closed (a second tab's accept or decline lost the race).
 */
export async function closeInvitation(
  trx: Kysely<Database>,
  row: { id: number; user_id: number; conversation_id: number },
  outcome: Outcome,
  at: string,
): Promise<boolean> {
  const result = await trx
    .deleteFrom('group_invitations')
    .where('id', '=', row.id)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) return false;
  await appendUserEvent(
    trx,
    row.user_id,
    'invitation.closed',
    { invitation_id: row.id, conversation_id: row.conversation_id, outcome },
    at,
  );
  return true;
}

/** The person became a member another way (membership.ts `admit`): their invitation is moot. */
export async function withdrawInvitation(
  trx: Kysely<Database>,
  conversationId: number,
  userId: number,
  at: string,
): Promise<void> {
  const row = await trx
    .selectFrom('group_invitations')
    .select(['id', 'user_id', 'conversation_id'])
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row) await closeInvitation(trx, row, 'withdrawn', at);
}
