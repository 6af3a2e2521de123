import type { Kysely } from 'kysely';
import { GROUP_MSG } from '@parley/protocol/group';
import type { MembersReply } from '@parley/protocol/group';
import type { Member } from '@parley/protocol/member';
import type { InvitationPerson } from '@parley/protocol/group-invitation';
import { can, roleOf } from '@parley/protocol/permissions';
import type { Clock } from '../../clock';
import { HttpError } from '../../http/http-error';
import type { Database } from '../../store/types';
import { eventTransaction } from '../../events/log';
import type { EventPublisher } from '../../events/log';
import type { ConversationsService } from '../conversations/service';
import { forbidden, invalid, isManaged, notFound, requireCan, requireOutranks } from './access';
import { admit, dismiss, lift, lockConversation, toBlockedUser, toMember } from './membership';
import type { Departure } from './membership';
import { memberCounts } from '../conversations/queries';
import { planAdd } from './consent';
import { invitationPeople, invite } from './invitation-store';
import { limitInvitations } from './invitation-limit';
import type { InvitationLimits } from './invitation-limit';
import * as q from './queries';
import type { GroupLines } from './service-lines';

// Members of a group or channel: the list, adding, removing, blocking,
// unblocking and leaving. Every call checks the caller's membership (404)
// and role (403, the permission matrix) before it writes.

export function createMembersService(deps: {
  db: Kysely<Database>;
  now: Clock;
  publisher: EventPublisher;
  conversations: ConversationsService;
  lines: GroupLines;
  limits: InvitationLimits;
}) {
  const { db, conversations } = deps;
  const transaction = eventTransaction(db, deps.publisher);

  async function memberOf(conversationId: number, userId: number): Promise<Member | null> {
    const [row] = await q.presentMembers(db, conversationId, { limit: 1, userIds: [userId] });
    return row ? toMember(row) : null;
  }

  /** Takes a member out as `how`; the caller outranks them. */
  async function takeOut(
    actorId: number,
    conversationId: number,
    targetId: number,
    how: Departure,
  ) {
    const actor = requireCan(
      await conversations.requireAccess(actorId, conversationId),
      how === 'blocked' ? 'block_members' : 'remove_members',
    );
    if (targetId === actorId) throw invalid('user_id', GROUP_MSG.notYourself);
    const target = await q.linkOf(db, conversationId, targetId);
    if (target?.member_status !== 'member') {
      // Blocking someone already removed just records the stronger status.
      if (how === 'blocked' && target?.member_status === 'removed') {
        await db
          .updateTable('conversation_members')
          .set({ member_status: 'blocked' })
          .where('conversation_id', '=', conversationId)
          .where('user_id', '=', targetId)
          .execute();
        return;
      }
      throw new HttpError(404, GROUP_MSG.notAMember);
    }
    requireOutranks(actor, target);
    await transaction(async (trx) => {
      await lockConversation(trx, conversationId);
      const at = deps.now().toISOString();
      if (await dismiss(trx, conversationId, targetId, how, at)) {
        await deps.lines.left(trx, conversationId, targetId, actorId, how);
      }
      await conversations.hooks.left(trx, conversationId, targetId, actorId, how, at);
    });
  }

  return {
    async list(
      userId: number,
      conversationId: number,
      page: { limit: number; after?: number | undefined },
    ): Promise<MembersReply> {
      const access = requireCan(
        await conversations.requireAccess(userId, conversationId),
        'view_members',
      );
      const rows = await q.presentMembers(db, conversationId, {
        limit: page.limit + 1,
        after: page.after,
      });
      const members = rows.slice(0, page.limit);
      const seesBlocked =
        page.after === undefined && can(roleOf(access.role), 'unblock_members', access.type);
      const [blocked, counts] = await Promise.all([
        seesBlocked ? q.blockedMembers(db, conversationId) : Promise.resolve([]),
        memberCounts(db, [conversationId]),
      ]);
      return {
        members: members.map(toMember),
        blocked_users: blocked.map(toBlockedUser),
        members_count: counts.get(conversationId) ?? 0,
        next_after: rows.length > page.limit ? (members.at(-1)?.user_id ?? null) : null,
      };
    },

    /**
     * Adds the caller's friends (spec 3) who let them (consent.ts); the others
     * get an invitation. Someone blocked here must be unblocked first.
     */
    async add(
      userId: number,
      conversationId: number,
      userIds: number[],
    ): Promise<{ members: Member[]; invited: InvitationPerson[] }> {
      requireCan(await conversations.requireAccess(userId, conversationId), 'add_members');
      const wanted: number[] = [];
      for (const id of new Set(userIds)) {
        if (id === userId) continue;
        const link = await q.linkOf(db, conversationId, id);
        if (link?.member_status === 'blocked' || link?.member_status === 'removed') {
          throw invalid('user_ids', GROUP_MSG.blockedHere);
        }
        // Already here: nothing to add, nobody to ask.
        if (link?.member_status !== 'member') wanted.push(id);
      }
      const plan = await planAdd(db, userId, wanted, 'user_ids');
      await limitInvitations(db, deps.limits, userId, conversationId, plan);
      const at = deps.now().toISOString();
      await transaction(async (trx) => {
        await lockConversation(trx, conversationId);
        for (const id of plan.add.sort((a, b) => a - b)) {
          if (await admit(trx, conversationId, id, at)) {
            await deps.lines.joined(trx, conversationId, id, userId);
          }
        }
        await conversations.hooks.joined(trx, conversationId, plan.add, userId, at);
        await invite(trx, conversationId, userId, plan.invite, at);
      });
      const rows = await q.presentMembers(db, conversationId, {
        limit: plan.add.length,
        userIds: plan.add,
      });
      return { members: rows.map(toMember), invited: await invitationPeople(db, plan.invite) };
    },

    remove: (actorId: number, conversationId: number, targetId: number) =>
      takeOut(actorId, conversationId, targetId, 'removed'),
    block: (actorId: number, conversationId: number, targetId: number) =>
      takeOut(actorId, conversationId, targetId, 'blocked'),

    /** Spec 4: out of blocked_users; back among members only with `add`. */
    async unblock(
      actorId: number,
      conversationId: number,
      targetId: number,
      add: boolean,
    ): Promise<Member | null> {
      requireCan(await conversations.requireAccess(actorId, conversationId), 'unblock_members');
      // Adding back is an add like any other: only someone who lets the actor add them.
      if (add && (await planAdd(db, actorId, [targetId], 'user_id')).add.length === 0) {
        throw invalid('user_id', GROUP_MSG.needsConsent);
      }
      const at = deps.now().toISOString();
      const lifted = await transaction(async (trx) => {
        await lockConversation(trx, conversationId);
        if (!(await lift(trx, conversationId, targetId, at))) return false;
        if (add && (await admit(trx, conversationId, targetId, at))) {
          await deps.lines.joined(trx, conversationId, targetId, actorId);
          await conversations.hooks.joined(trx, conversationId, [targetId], actorId, at);
        }
        return true;
      });
      if (!lifted) throw invalid('user_id', GROUP_MSG.notBlocked);
      return add ? memberOf(conversationId, targetId) : null;
    },

    /** Spec 7: POST /user/groups/leave. The last owner's leaving hands ownership on. */
    async leave(userId: number, conversationId: number, named?: number): Promise<void> {
      if (named !== undefined && named !== userId) throw forbidden(GROUP_MSG.ownLeaveOnly);
      const access = await conversations.requireAccess(userId, conversationId);
      if (!isManaged(access)) throw notFound();
      await transaction(async (trx) => {
        await lockConversation(trx, conversationId);
        if (await dismiss(trx, conversationId, userId, 'left', deps.now().toISOString())) {
          await deps.lines.left(trx, conversationId, userId, userId, 'left');
        }
      });
    },

    /**
     * Takes an inactive member out (the group inactivity job). As 'left', not
     * 'removed': it is housekeeping, not a ban, so they may join again.
     */
    async expire(conversationId: number, userId: number): Promise<void> {
      await transaction(async (trx) => {
        await lockConversation(trx, conversationId);
        if (await dismiss(trx, conversationId, userId, 'left', deps.now().toISOString())) {
          await deps.lines.left(trx, conversationId, userId, userId, 'left');
        }
      });
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
