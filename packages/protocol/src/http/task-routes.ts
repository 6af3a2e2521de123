import { statusOkSchema } from '../auth';
import { conversationParamsSchema } from '../conversation';
import { messageIdParamsSchema } from '../message';
import {
  createGroupRequestSchema,
  createSubtaskRequestSchema,
  createTaskRequestSchema,
  editSubtaskRequestSchema,
  editTaskRequestSchema,
  moveGroupRequestSchema,
  moveSubtaskRequestSchema,
  moveTaskRequestSchema,
  renameGroupRequestSchema,
  subtaskParamsSchema,
  subtaskSchema,
  taskBoardSchema,
  taskFromMessageRequestSchema,
  taskGroupFieldsSchema,
  taskGroupParamsSchema,
  taskParamsSchema,
  taskSchema,
  taskSettingsRequestSchema,
  taskSettingsSchema,
  tickRequestSchema,
} from '../tasks';
import { del, get, patch, post } from './route';

// Tasks in a conversation: the board, task groups, tasks and their
// checklists (protocol tasks.ts; who may do what: rules/task-permissions.ts;
// the contract for clients: docs/TASKS.md). One area of the route table
// (routes.ts). Every change replies with the record as stored, which the
// client applies with sync/tasks.ts `applyTaskChange`.

const ok = { reply: statusOkSchema };
const group = { params: taskGroupParamsSchema };
const task = { params: taskParamsSchema };
const subtask = { params: subtaskParamsSchema };

export const taskRoutes = {
  /** The whole board (Conversation.task_groups with tasks and checklists). */
  taskBoard: get('/user/conversations/:id/tasks', {
    params: conversationParamsSchema,
    reply: taskBoardSchema,
  }),
  /** Conversation.has_tasks and the service-line switch, for any kind of conversation. */
  taskSettings: post('/user/conversations/:id/tasks/settings', {
    params: conversationParamsSchema,
    body: taskSettingsRequestSchema,
    reply: taskSettingsSchema,
  }),
  createTaskGroup: post('/user/conversations/:id/task-groups', {
    params: conversationParamsSchema,
    body: createGroupRequestSchema,
    reply: taskGroupFieldsSchema,
  }),
  renameTaskGroup: patch('/user/task-groups/:id', {
    ...group,
    body: renameGroupRequestSchema,
    reply: taskGroupFieldsSchema,
  }),
  moveTaskGroup: post('/user/task-groups/:id/move', {
    ...group,
    body: moveGroupRequestSchema,
    reply: taskGroupFieldsSchema,
  }),
  /** With its tasks and their subtasks. */
  deleteTaskGroup: del('/user/task-groups/:id', { ...group, ...ok }),
  createTask: post('/user/task-groups/:id/tasks', {
    ...group,
    body: createTaskRequestSchema,
    reply: taskSchema,
  }),
  /** "Create task from message": the task links back to it (message_id). */
  createTaskFromMessage: post('/user/messages/:id/task', {
    params: messageIdParamsSchema,
    body: taskFromMessageRequestSchema,
    reply: taskSchema,
  }),
  editTask: patch('/user/tasks/:id', { ...task, body: editTaskRequestSchema, reply: taskSchema }),
  /** Reorder in its group or move to another group. */
  moveTask: post('/user/tasks/:id/move', {
    ...task,
    body: moveTaskRequestSchema,
    reply: taskSchema,
  }),
  tickTask: post('/user/tasks/:id/done', { ...task, body: tickRequestSchema, reply: taskSchema }),
  deleteTask: del('/user/tasks/:id', { ...task, ...ok }),
  createSubtask: post('/user/tasks/:id/subtasks', {
    ...task,
    body: createSubtaskRequestSchema,
    reply: subtaskSchema,
  }),
  editSubtask: patch('/user/subtasks/:id', {
    ...subtask,
    body: editSubtaskRequestSchema,
    reply: subtaskSchema,
  }),
  moveSubtask: post('/user/subtasks/:id/move', {
    ...subtask,
    body: moveSubtaskRequestSchema,
    reply: subtaskSchema,
  }),
  tickSubtask: post('/user/subtasks/:id/done', {
    ...subtask,
    body: tickRequestSchema,
    reply: subtaskSchema,
  }),
  deleteSubtask: del('/user/subtasks/:id', { ...subtask, ...ok }),
};
