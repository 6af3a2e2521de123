import { createBoardService } from './board-service';
import { createTaskContext } from './context';
import type { TasksDeps } from './context';
import { createSubtaskService } from './subtask-service';
import { createTaskService } from './task-service';

// Tasks in conversations (docs/TASKS.md): the board and its groups, tasks,
// and checklists, over one shared context (access, the rule, the write
// transaction, service lines, notifications).

export type { TaskAssigned, TasksDeps } from './context';

export function createTasksService(deps: TasksDeps) {
  const ctx = createTaskContext(deps);
  const tasks = createTaskService(ctx);
  return {
    board: createBoardService(ctx),
    tasks,
    subtasks: createSubtaskService(ctx, tasks.taskFor),
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
