import type { Kysely } from 'kysely';
import type { Conversation } from '@parley/protocol/conversation';
import { GROUP_MSG } from '@parley/protocol/group';
import { INVITATION_MSG } from '@parley/protocol/group-invitation';
import type { GroupInvitationList } from '@parley/protocol/group-invitation';
import { can, roleOf } from '@parley/protocol/permissions';
import type { Clock } from '../../clock';
import { HttpError } from '../../http/http-error';
import { eventTransaction } from '../../events/log';
import type { EventPublisher } from '../../events/log';
import type { Database } from '../../store/types';
import type { ConversationsService } from '../conversations/service';
import { forbidden, isManaged } from './access';
import { closeInvitation, invitationRows, toInvitation } from './invitation-store';
import type { InvitationRow } from './invitation-store';
import { admit, lockConversation } from './membership';
import * as q from './queries';
import type { GroupLines } from './service-lines';

// Invitations to a group or channel (docs/PERMISSIONS.md, "Consent"): an add
// the person has not agreed to in advance (consent.ts) asks them instead.
// The invitee gets `invitation.received` at once, and accepts (becomes a
// member, as by an invite link) or declines; `invitation.closed` tells all
// their devices. An invitation is open while its inviter still may add
// members there and no block has come between the two since.

const gone = () => new HttpError(404, INVITATION_MSG.notFound);

export function createInvitationsService(deps: {
  db: Kysely<Database>;
  now: Clock;
  publisher: EventPublisher;
  conversations: ConversationsService;
  lines: GroupLines;
}) {
  const { db } = deps;
  const transaction = eventTransaction(db, deps.publisher);

  /** The caller's own open invitation, or 404 (someone else's is not found either). */
  async function ownInvitation(userId: number, id: number): Promise<InvitationRow> {
    const row = await invitationRows(db)
      .where('i.id', '=', id)
      .where('i.user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw gone();
    return row;
  }

  /** Still open: the inviter may still add members there, and no block came between them. */
  async function stillOpen(row: InvitationRow): Promise<boolean> {
    const conversation = await q.conversationById(db, row.conversation_id);
    if (!conversation || !isManaged(conversation)) return false;
    const inviter = await q.linkOf(db, row.conversation_id, row.inviter_id);
    if (inviter?.member_status !== 'member') return false;
    if (!can(roleOf(inviter.role), 'add_members', conversation.type)) return false;
    const friends = await q.friendsAmong(db, row.inviter_id, [row.user_id]);
    return friends.has(row.user_id);
  }

  return {
    async list(userId: number): Promise<GroupInvitationList> {
      const rows = await invitationRows(db)
        .where('i.user_id', '=', userId)
        .orderBy('i.id', 'desc')
        .execute();
      return { invitations: rows.map(toInvitation) };
    },

    /** Joins as by an invite link: a removed or blocked user must be unblocked first. */
    async accept(userId: number, id: number): Promise<Conversation> {
      const row = await ownInvitation(userId, id);
      const at = deps.now().toISOString();
      const link = await q.linkOf(db, row.conversation_id, userId);
      const banned = link?.member_status === 'blocked' || link?.member_status === 'removed';
      if (banned || !(await stillOpen(row))) {
        await transaction((trx) => closeInvitation(trx, row, 'withdrawn', at));
        if (banned) throw forbidden(GROUP_MSG.removedFromConversation);
        throw gone();
      }
      const accepted = await transaction(async (trx) => {
        await lockConversation(trx, row.conversation_id);
        if (!(await closeInvitation(trx, row, 'accepted', at))) return false;
        if (await admit(trx, row.conversation_id, userId, at)) {
          await deps.lines.joined(trx, row.conversation_id, userId, null);
        }
        return true;
      });
      if (!accepted) throw gone();
      return deps.conversations.get(userId, row.conversation_id);
    },

    async decline(userId: number, id: number): Promise<void> {
      const row = await ownInvitation(userId, id);
      const at = deps.now().toISOString();
      if (!(await transaction((trx) => closeInvitation(trx, row, 'declined', at)))) throw gone();
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
