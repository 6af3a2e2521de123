import type { Kysely } from 'kysely';
import { CHANNEL_NOTICE_ACTIONS, GROUP_NOTICE_TYPE } from '@parley/protocol/group-notice';
import type { GroupNotice } from '@parley/protocol/group-notice';
import type { Database } from '../../store/types';
import { findAccess } from '../conversations/queries';
import type { MessagesService } from '../messages/service';
import type { Departure } from './membership';

// Service lines of groups and channels (protocol group-notice.ts): each
// membership or info change writes one stored message, sent as the person
// who acted, in the caller's transaction — so the line commits with the
// change or not at all, and reaches history, the list preview and every
// open device the way any message does. Channels keep only creation,
// name and picture lines: their subscribers are many.

type Trx = Kysely<Database>;

export type GroupLines = ReturnType<typeof createGroupLines>;

export function createGroupLines(messages: Pick<MessagesService, 'postServiceLine'>) {
  async function nameOf(trx: Trx, userId: number): Promise<string> {
    const row = await trx
      .selectFrom('users')
      .select('name')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.name ?? '';
  }

  async function write(
    trx: Trx,
    conversationId: number,
    actorId: number,
    notice: Omit<GroupNotice, 'actor_id' | 'channel'>,
  ): Promise<void> {
    // The actor's link is there even when they just left (it is kept, marked).
    const access = await findAccess(trx, actorId, conversationId);
    if (!access || (access.type !== 'group' && access.type !== 'channel')) return;
    const channel = access.type === 'channel';
    if (channel && !CHANNEL_NOTICE_ACTIONS.includes(notice.action)) return;
    const body: GroupNotice = { ...notice, actor_id: actorId, ...(channel ? { channel } : {}) };
    await messages.postServiceLine(trx, access, actorId, GROUP_NOTICE_TYPE, JSON.stringify(body));
  }

  async function withTarget(
    trx: Trx,
    conversationId: number,
    actorId: number,
    action: 'added' | 'removed',
    targetId: number,
  ): Promise<void> {
    const target = { target_id: targetId, target_name: await nameOf(trx, targetId) };
    await write(trx, conversationId, actorId, { action, ...target });
  }

  return {
    created: (trx: Trx, conversationId: number, actorId: number, title: string) =>
      write(trx, conversationId, actorId, { action: 'created', title }),

    /** `by`: who added them; null (or themselves) when they joined on their own. */
    joined: (trx: Trx, conversationId: number, userId: number, by: number | null) =>
      by === null || by === userId
        ? write(trx, conversationId, userId, { action: 'joined' })
        : withTarget(trx, conversationId, by, 'added', userId),

    /** Removed and blocked both read "removed", as on Telegram. */
    left: (trx: Trx, conversationId: number, userId: number, by: number, how: Departure) =>
      how === 'left' || by === userId
        ? write(trx, conversationId, userId, { action: 'left' })
        : withTarget(trx, conversationId, by, 'removed', userId),

    renamed: (trx: Trx, conversationId: number, actorId: number, title: string) =>
      write(trx, conversationId, actorId, { action: 'title', title }),

    photo: (trx: Trx, conversationId: number, actorId: number) =>
      write(trx, conversationId, actorId, { action: 'photo' }),
  };
}
