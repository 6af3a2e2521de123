import type { Kysely } from 'kysely';
import { MSG } from '@parley/protocol/messages';
import { TooManyRequests } from '../../http/http-error';
import type { KeyedLimiter } from '../../http/rate-limit';
import type { Database } from '../../store/types';
import type { AddPlan } from './consent';

// How many group invitations one person can be sent (issue 33): without a
// cap, anyone who opened a direct chat with them could create group after
// group and pile invitations on them. Two budgets of the server's limiter
// (http/rate-limit.ts): one inviter to one person, and all the people who
// never wrote to that person together. Past either, the add is refused
// whole with 429 and Retry-After, before anything is written. Asking again
// someone whose invitation to this conversation is still open costs
// nothing: invitation-store's `invite` keeps the open one.

export interface InvitationLimits {
  /** Keyed `inviterId:inviteeId`. */
  invitePerPair: KeyedLimiter;
  /** Keyed by the invitee; counts only invitations from strangers. */
  invitePerInvitee: KeyedLimiter;
}

export async function limitInvitations(
  db: Kysely<Database>,
  limits: InvitationLimits,
  inviterId: number,
  /** The conversation they are asked into; null while it is being created. */
  conversationId: number | null,
  plan: AddPlan,
): Promise<void> {
  if (plan.invite.length === 0) return;
  const open = new Set<number>();
  if (conversationId !== null) {
    const rows = await db
      .selectFrom('group_invitations')
      .select('user_id')
      .where('conversation_id', '=', conversationId)
      .where('user_id', 'in', plan.invite)
      .execute();
    for (const row of rows) open.add(row.user_id);
  }
  const strangers = new Set(plan.strangers);
  let wait = 0;
  for (const invitee of plan.invite) {
    if (open.has(invitee)) continue;
    const pair = await limits.invitePerPair(`${inviterId}:${invitee}`);
    // A pair already refused does not spend the invitee's budget: one
    // stranger must not use up what others may send them.
    const from =
      pair === null && strangers.has(invitee)
        ? await limits.invitePerInvitee(String(invitee))
        : null;
    wait = Math.max(wait, pair ?? 0, from ?? 0);
  }
  if (wait > 0) throw new TooManyRequests(wait, MSG.tooManyRequests);
}
