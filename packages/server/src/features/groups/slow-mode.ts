import type { Kysely } from 'kysely';
import { GROUP_MSG } from '@parley/protocol/group';
import { roleOf } from '@parley/protocol/permissions';
import type { Clock } from '../../clock';
import { appendConversationEvent, eventTransaction } from '../../events/log';
import type { EventPublisher } from '../../events/log';
import { TooManyRequests } from '../../http/http-error';
import type { Database } from '../../store/types';
import type { AccessRow } from '../conversations/queries';
import type { ConversationsService } from '../conversations/service';
import { lockConversation } from '../conversations/queries';
import { invalid, requireCan } from './access';

// Slow mode (issue 18): a group's moderators set the seconds a member waits
// between two messages. Moderators and the owner are exempt. A send in slow
// mode takes its turn with one conditional UPDATE of the sender's member
// row, inside the send's transaction: on PostgreSQL a second send racing it
// waits for that row and then finds the turn taken; SQLite runs one write
// transaction at a time. A send that fails later rolls its turn back with it.

const EXEMPT = new Set(['owner', 'moderator']);

/** Whether a send by this member waits for slow mode (no query: the access row has it all). */
export function slowModeApplies(row: AccessRow): boolean {
  return (
    row.type === 'group' &&
    row.slow_mode_seconds !== null &&
    row.slow_mode_seconds > 0 &&
    !EXEMPT.has(roleOf(row.role))
  );
}

/** Takes the sender's turn, or throws 429 with the seconds left. Call inside the send's transaction. */
export async function takeSlowModeTurn(
  trx: Kysely<Database>,
  row: AccessRow,
  at: Date,
): Promise<void> {
  const seconds = row.slow_mode_seconds ?? 0;
  const earliest = new Date(at.getTime() - seconds * 1000).toISOString();
  const taken = await trx
    .updateTable('conversation_members')
    .set({ slow_mode_last_at: at.toISOString() })
    .where('conversation_id', '=', row.id)
    .where('user_id', '=', row.user_id)
    .where((eb) =>
      eb.or([eb('slow_mode_last_at', 'is', null), eb('slow_mode_last_at', '<=', earliest)]),
    )
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) > 0) return;
  const member = await trx
    .selectFrom('conversation_members')
    .select('slow_mode_last_at')
    .where('conversation_id', '=', row.id)
    .where('user_id', '=', row.user_id)
    .executeTakeFirst();
  const last = member?.slow_mode_last_at ? new Date(member.slow_mode_last_at).getTime() : 0;
  const left = Math.ceil((last + seconds * 1000 - at.getTime()) / 1000);
  throw new TooManyRequests(Math.max(1, left), GROUP_MSG.slowModeWait);
}

export function createSlowMode(deps: {
  db: Kysely<Database>;
  now: Clock;
  publisher: EventPublisher;
  conversations: ConversationsService;
}) {
  const transaction = eventTransaction(deps.db, deps.publisher);
  return {
    /** POST /user/conversations/:id/slow-mode: the edit_info right (moderators, the owner). */
    async set(userId: number, conversationId: number, seconds: number | null) {
      const row = requireCan(
        await deps.conversations.requireAccess(userId, conversationId),
        'edit_info',
      );
      if (row.type !== 'group') throw invalid('slow_mode_seconds', GROUP_MSG.slowModeGroupsOnly);
      if (row.slow_mode_seconds !== seconds) {
        const at = deps.now().toISOString();
        await transaction(async (trx) => {
          await lockConversation(trx, conversationId);
          await trx
            .updateTable('conversations')
            .set({ slow_mode_seconds: seconds })
            .where('id', '=', conversationId)
            .execute();
          const payload = { slow_mode_seconds: seconds };
          await appendConversationEvent(trx, conversationId, 'conversation.slow_mode', payload, at);
        });
      }
      return deps.conversations.get(userId, conversationId);
    },
  };
}

export type SlowMode = ReturnType<typeof createSlowMode>;
