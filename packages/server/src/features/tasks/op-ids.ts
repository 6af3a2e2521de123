import type { Kysely } from 'kysely';
import { TASK_MSG } from '@parley/protocol/task-texts';
import type { Database } from '../../store/types';
import { invalid } from './context';

// A task operation's idempotency key (protocol tasks.ts `op_id`): taken once
// per user, inside the operation's transaction, under the conversation's
// lock. A key taken before means the operation already happened (its reply
// was lost): the caller then changes nothing and replies with the item as it
// is now, so a replay cannot undo what someone changed in between. Like a
// message's uuid, a key is the sender's: another user's same key is theirs.

/** How long a key is remembered: longer than a tick waits in an offline queue in practice. */
export const OP_KEEP_DAYS = 30;

export type OpKind = 'task' | 'subtask';

/**
 * Takes `opId` for (kind, targetId): true when it is new (go ahead), false
 * when this very operation was taken before (a replay). 422 when the key was
 * taken for another item. No key: always new.
 */
export async function takeOp(
  trx: Kysely<Database>,
  userId: number,
  opId: string | undefined,
  op: { kind: OpKind; targetId: number; at: string },
): Promise<boolean> {
  if (opId === undefined) return true;
  const taken = await trx
    .insertInto('task_ops')
    .values({
      user_id: userId,
      op_id: opId,
      kind: op.kind,
      target_id: op.targetId,
      created_at: op.at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'op_id']).doNothing())
    .returning('op_id')
    .executeTakeFirst();
  if (taken) {
    await prune(trx, userId, op.at);
    return true;
  }
  const earlier = await trx
    .selectFrom('task_ops')
    .select(['kind', 'target_id'])
    .where('user_id', '=', userId)
    .where('op_id', '=', opId)
    .executeTakeFirst();
  if (earlier?.kind !== op.kind || earlier.target_id !== op.targetId) {
    throw invalid('op_id', TASK_MSG.opReused);
  }
  return false;
}

/** The user's keys older than the keep time (their primary key's prefix finds them). */
async function prune(trx: Kysely<Database>, userId: number, at: string): Promise<void> {
  const before = new Date(Date.parse(at) - OP_KEEP_DAYS * 86_400_000).toISOString();
  await trx
    .deleteFrom('task_ops')
    .where('user_id', '=', userId)
    .where('created_at', '<', before)
    .execute();
}
