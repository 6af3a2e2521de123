import type { Kysely } from 'kysely';
import { GROUP_MSG } from '@parley/protocol/group';
import { decideAdd } from '@parley/protocol/rules/group-consent';
import type { Database } from '../../store/types';
import { invalid } from './access';
import { rowLimit } from '../../store/row-limit';

// Whom an add may seat at once and who must be asked (protocol
// rules/group-consent.ts decides; this gathers what it needs). Every path
// that puts someone else into a group or channel goes through here: create
// with member_ids, add members, unblock with `add`. Joining by invite link
// or username is the person's own act and needs no consent.

export interface AddPlan {
  /** Seated at once. */
  add: number[];
  /** Asked first: each gets an invitation (features/groups/invitations.ts). */
  invite: number[];
  /** Those of `invite` who never wrote to the adder: their invitations come from a stranger. */
  strangers: number[];
}

const directKey = (a: number, b: number) => `direct:${Math.min(a, b)}:${Math.max(a, b)}`;

/**
 * Sorts `candidates` (not the adder) into those seated now and those asked.
 * 422 for anyone the adder shares no direct chat with, or a blocked one:
 * neither a seat nor an invitation then, so a block holds.
 */
export async function planAdd(
  db: Kysely<Database>,
  adderId: number,
  candidates: number[],
  /** The request field that named them: member_ids (create) or user_ids (add). */
  field: 'member_ids' | 'user_ids' | 'user_id',
): Promise<AddPlan> {
  const plan: AddPlan = { add: [], invite: [], strangers: [] };
  if (candidates.length === 0) return plan;
  const byKey = new Map(candidates.map((id) => [directKey(adderId, id), id]));
  const chats = await db
    .selectFrom('conversations')
    .select(['id', 'unique_key', 'direct_blocks'])
    .where('unique_key', 'in', [...byKey.keys()])
    .execute();
  const chatOf = new Map(chats.map((c) => [byKey.get(c.unique_key ?? '') ?? 0, c]));
  // Who wrote in their chat with the adder: one probe per person, and adds are rare.
  const wrote = new Set<number>();
  for (const [person, chat] of chatOf) {
    const row = await db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', chat.id)
      .where('user_id', '=', person)
      .limit(rowLimit(1))
      .executeTakeFirst();
    if (row) wrote.add(person);
  }
  const settings = await db
    .selectFrom('users')
    .select(['id', 'who_can_add', 'is_bot'])
    .where('id', 'in', candidates)
    .execute();
  const settingOf = new Map(settings.map((u) => [u.id, u.who_can_add]));
  const bots = new Set(settings.filter((u) => Boolean(u.is_bot)).map((u) => u.id));
  for (const person of candidates) {
    const chat = chatOf.get(person);
    const setting = settingOf.get(person);
    if (!chat || !setting) throw invalid(field, GROUP_MSG.notFriends);
    const decision = decideAdd({
      blocked: chat.direct_blocks > 0,
      twoWay: wrote.has(person),
      setting,
      bot: bots.has(person),
    });
    if (decision === 'refuse') throw invalid(field, GROUP_MSG.notFriends);
    plan[decision].push(person);
    if (decision === 'invite' && !wrote.has(person)) plan.strangers.push(person);
  }
  return plan;
}
