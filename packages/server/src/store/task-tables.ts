import type { ColumnType, Generated } from 'kysely';
import type { Flag, Timestamp } from './types';

// Kysely types of the task tables (0016-tasks). `v_*`: per-field versions
// (protocol tasks.ts, "Conflicts"), 0 at creation.

type Version = ColumnType<number, number | undefined, number>;

export interface TaskGroupsTable {
  id: Generated<number>;
  conversation_id: number;
  name: string;
  sort_key: string;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  v_name: Version;
  v_position: Version;
}

export interface TasksTable {
  id: Generated<number>;
  conversation_id: number;
  group_id: number;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  due_at: Timestamp | null;
  done: Flag;
  done_by: number | null;
  done_at: Timestamp | null;
  sort_key: string;
  message_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  v_title: Version;
  v_description: Version;
  v_assignee_ids: Version;
  v_due_at: Version;
  v_done: Version;
  v_position: Version;
}

export interface TaskAssigneesTable {
  task_id: number;
  conversation_id: number;
  user_id: number;
  position: number;
}

export interface SubtasksTable {
  id: Generated<number>;
  conversation_id: number;
  task_id: number;
  text: string;
  done: Flag;
  sort_key: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  v_text: Version;
  v_done: Version;
  v_position: Version;
}

/** A task operation's idempotency key, taken (0025-task-ops). */
export interface TaskOpsTable {
  user_id: number;
  op_id: string;
  kind: 'task' | 'subtask';
  target_id: number;
  created_at: Timestamp;
}

export interface TaskTables {
  task_groups: TaskGroupsTable;
  tasks: TasksTable;
  task_assignees: TaskAssigneesTable;
  subtasks: SubtasksTable;
  task_ops: TaskOpsTable;
}
