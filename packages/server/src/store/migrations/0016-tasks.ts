import type { CreateTableBuilder, Kysely } from 'kysely';
import { idColumn } from '../migration-columns';

// Tasks in conversations (protocol tasks.ts, docs/TASKS.md): task groups,
// tasks, their assignees and their checklists of subtasks. `sort_key` is a
// fractional-index key (protocol rules/task-order.ts); siblings are sorted
// in code (by key in code-unit order, then id), never by the database's
// collation. `v_<field>`: the per-field versions of the conflict rule.
// Rows of a conversation are read together (the board), so each table
// carries conversation_id with an index on it. Deleting a group deletes its
// tasks, a task its assignees and subtasks (foreign keys, on both stores).
// conversations.has_tasks exists since 0005; task_service_lines and
// tasks_version are new.

const versions = (t: CreateTableBuilder<string, never>, fields: string[]) =>
  fields.reduce(
    (table, f) => table.addColumn(`v_${f}`, 'integer', (c) => c.notNull().defaultTo(0)),
    t,
  );

export async function up(db: Kysely<unknown>): Promise<void> {
  const [idType, id] = idColumn(db);
  await db.schema
    .alterTable('conversations')
    .addColumn('task_service_lines', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  // Raised by every change of the board's groups, tasks or subtasks (in its
  // transaction): the key of the serialized-board cache (features/tasks).
  await db.schema
    .alterTable('conversations')
    .addColumn('tasks_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  const groups = db.schema
    .createTable('task_groups')
    .addColumn('id', idType, id)
    .addColumn('conversation_id', 'integer', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_key', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull());
  await versions(groups, ['name', 'position']).execute();

  const tasks = db.schema
    .createTable('tasks')
    .addColumn('id', idType, id)
    .addColumn('conversation_id', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) =>
      c.notNull().references('task_groups.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('due_at', 'timestamptz')
    .addColumn('done', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('done_by', 'integer')
    .addColumn('done_at', 'timestamptz')
    .addColumn('sort_key', 'text', (c) => c.notNull())
    // No foreign key: messages are soft-deleted; a task keeps the id.
    .addColumn('message_id', 'integer')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull());
  await versions(tasks, [
    'title',
    'description',
    'assignee_ids',
    'due_at',
    'done',
    'position',
  ]).execute();

  await db.schema
    .createTable('task_assignees')
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('conversation_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    // The order the assignees were given in.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('task_assignees_pk', ['task_id', 'user_id'])
    .execute();

  const subtasks = db.schema
    .createTable('subtasks')
    .addColumn('id', idType, id)
    .addColumn('conversation_id', 'integer', (c) => c.notNull())
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('done', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull());
  await versions(subtasks, ['text', 'done', 'position']).execute();

  for (const [table, column] of [
    ['task_groups', 'conversation_id'],
    ['tasks', 'conversation_id'],
    ['tasks', 'group_id'],
    ['task_assignees', 'conversation_id'],
    ['subtasks', 'conversation_id'],
    ['subtasks', 'task_id'],
  ] as const) {
    await db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['subtasks', 'task_assignees', 'tasks', 'task_groups']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('conversations').dropColumn('tasks_version').execute();
  await db.schema.alterTable('conversations').dropColumn('task_service_lines').execute();
}
