import type { Kysely } from 'kysely';

// Idempotency keys of task operations (protocol tasks.ts `op_id`,
// docs/TASKS.md "Offline"): a client may send a tick twice (its reply was
// lost and its offline queue sends it again); the second must not undo a
// change someone made in between. One row per (user, op_id) taken, naming
// the item it was for. Rows older than the keep time are pruned by the same
// user's later operations (features/tasks/op-ids.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('task_ops')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('op_id', 'text', (c) => c.notNull())
    // 'task' or 'subtask', and its id: the same key for another item is refused.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('task_ops_pkey', ['user_id', 'op_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('task_ops').execute();
}
