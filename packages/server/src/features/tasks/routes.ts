import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taskRoutes as r } from '@parley/protocol/http/task-routes';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { TasksService } from './service';

// The task calls (protocol http/task-routes.ts; docs/TASKS.md). Access and
// the rule are checked in the services.

export function tasksRoutes(deps: { tasks: TasksService; guard: Guard }): FastifyPluginAsyncZod {
  const { board, tasks, subtasks } = deps.tasks;
  return async (app) => {
    const onRequest = [deps.guard];
    const doc = (summary: string, ...codes: Parameters<typeof errorReplies>) => ({
      tags: ['tasks'],
      security: bearerSecurity,
      summary,
      errors: errorReplies(...codes),
    });
    const user = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;

    addRoute(app, r.taskBoard, {
      doc: doc(
        'The task board: task groups with their tasks and checklists, in order.',
        401,
        403,
        404,
      ),
      onRequest,
      // Bytes from the board cache (board-cache.ts), checked against the schema when built.
      handler: async (q, reply) => {
        const bytes = await board.boardBytes(user(q), q.params.id);
        const gzip = /\bgzip\b/.test(String(q.headers['accept-encoding'] ?? ''));
        void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
        if (gzip) void reply.header('content-encoding', 'gzip');
        return reply.send((gzip ? bytes.gzip : bytes.json) as never);
      },
    });
    addRoute(app, r.taskSettings, {
      doc: doc(
        'Turn tasks on or off (has_tasks), and their service lines in the chat.',
        401,
        403,
        404,
        422,
      ),
      onRequest,
      handler: async (q) => board.setSettings(user(q), q.params.id, q.body),
    });
    addRoute(app, r.createTaskGroup, {
      doc: doc(
        'Create a task group (at most 100 per conversation); spends a send.',
        401,
        403,
        404,
        422,
        429,
      ),
      onRequest,
      handler: async (q) => board.createGroup(user(q), q.params.id, q.body),
    });
    addRoute(app, r.renameTaskGroup, {
      doc: doc('Rename a task group.', 401, 403, 404, 422),
      onRequest,
      handler: async (q) => board.renameGroup(user(q), q.params.id, q.body.name),
    });
    addRoute(app, r.moveTaskGroup, {
      doc: doc('Place a task group after another (after_id null: first).', 401, 403, 404, 422),
      onRequest,
      handler: async (q) => board.moveGroup(user(q), q.params.id, q.body.after_id),
    });
    addRoute(app, r.deleteTaskGroup, {
      doc: doc('Delete a task group with its tasks.', 401, 403, 404),
      onRequest,
      handler: async (q) => board.deleteGroup(user(q), q.params.id),
    });
    addRoute(app, r.createTask, {
      doc: doc(
        'Create a task in a group (at most 1,000 per group); spends a send.',
        401,
        403,
        404,
        422,
        429,
      ),
      onRequest,
      handler: async (q) => tasks.create(user(q), q.params.id, q.body),
    });
    addRoute(app, r.createTaskFromMessage, {
      doc: doc(
        'Create a task from a message (its plain text, spoilers masked); spends a send.',
        401,
        403,
        404,
        422,
        429,
      ),
      onRequest,
      handler: async (q) => tasks.fromMessage(user(q), q.params.id, q.body),
    });
    addRoute(app, r.editTask, {
      doc: doc('Edit the fields sent (per-field last-writer-wins).', 401, 403, 404, 422, 429),
      onRequest,
      handler: async (q) => tasks.edit(user(q), q.params.id, q.body),
    });
    addRoute(app, r.moveTask, {
      doc: doc('Reorder a task in its group or move it to another group.', 401, 403, 404, 422),
      onRequest,
      handler: async (q) => tasks.move(user(q), q.params.id, q.body),
    });
    addRoute(app, r.tickTask, {
      doc: doc(
        'Mark a task done or open; a replayed op_id changes nothing.',
        401,
        403,
        404,
        422,
        429,
      ),
      onRequest,
      handler: async (q) => tasks.tick(user(q), q.params.id, q.body),
    });
    addRoute(app, r.deleteTask, {
      doc: doc('Delete a task with its checklist.', 401, 403, 404, 429),
      onRequest,
      handler: async (q) => tasks.remove(user(q), q.params.id),
    });
    addRoute(app, r.createSubtask, {
      doc: doc(
        "Add a subtask to a task's checklist (at most 100); spends a send.",
        401,
        403,
        404,
        422,
        429,
      ),
      onRequest,
      handler: async (q) => subtasks.create(user(q), q.params.id, q.body),
    });
    addRoute(app, r.editSubtask, {
      doc: doc("Change a subtask's text.", 401, 403, 404, 422),
      onRequest,
      handler: async (q) => subtasks.edit(user(q), q.params.id, q.body.text),
    });
    addRoute(app, r.moveSubtask, {
      doc: doc('Place a subtask after another (after_id null: first).', 401, 403, 404, 422),
      onRequest,
      handler: async (q) => subtasks.move(user(q), q.params.id, q.body.after_id),
    });
    addRoute(app, r.tickSubtask, {
      doc: doc(
        'Mark a subtask done or open; a replayed op_id changes nothing.',
        401,
        403,
        404,
        422,
      ),
      onRequest,
      handler: async (q) => subtasks.tick(user(q), q.params.id, q.body),
    });
    addRoute(app, r.deleteSubtask, {
      doc: doc('Delete a subtask.', 401, 403, 404),
      onRequest,
      handler: async (q) => subtasks.remove(user(q), q.params.id),
    });
  };
}
