import type { ApiClient } from '../lib/http';
import { expectStatus } from '../lib/http';
import { mapLimit } from '../lib/pool';
import type { TasksConfig } from './config';

// The board is built through the real API (so every row, version, order
// key and event is what the app writes): a direct chat between two people
// with tasks on, `groups` groups, `tasks` tasks spread over them (half
// assigned to the other person, a tenth with a due date), and a checklist on
// every `checklistEvery`-th task.

export interface SeededBoard {
  conversationId: number;
  taskIds: number[];
  requests: number;
}

export async function seedBoard(
  api: ApiClient,
  token: string,
  otherId: number,
  config: TasksConfig,
): Promise<SeededBoard> {
  let requests = 0;
  const call = async (method: string, path: string, json: unknown, what: string) => {
    requests += 1;
    const reply = await api.request(method, path, { token, json });
    expectStatus(reply, 200, what);
    return reply.body as { id: number };
  };
  const chat = await call('POST', '/user/conversations/direct', { user_id: otherId }, 'direct');
  await call('POST', `/user/conversations/${chat.id}/tasks/settings`, { has_tasks: true }, 'on');
  const groups: number[] = [];
  for (let g = 0; g < config.groups; g += 1) {
    const group = await call(
      'POST',
      `/user/conversations/${chat.id}/task-groups`,
      { name: `Group ${g + 1}` },
      'group',
    );
    groups.push(group.id);
  }
  const indexes = Array.from({ length: config.tasks }, (_, i) => i);
  const taskIds = await mapLimit(indexes, config.seedConcurrency, async (i) => {
    const body = {
      title: `Task ${i + 1}: something to do before the launch`,
      description: i % 3 === 0 ? 'A longer description of what is to be done, and by when.' : '',
      assignee_ids: i % 2 === 0 ? [otherId] : [],
      due_at: i % 10 === 0 ? new Date(Date.UTC(2026, 11, 1 + (i % 28))).toISOString() : null,
    };
    const task = await call(
      'POST',
      `/user/task-groups/${groups[i % groups.length]}/tasks`,
      body,
      'task',
    );
    return task.id;
  });
  const checklists = taskIds.filter((_, i) => i % config.checklistEvery === 0);
  await mapLimit(checklists, config.seedConcurrency, async (taskId) => {
    for (let s = 0; s < config.subtasks; s += 1) {
      await call('POST', `/user/tasks/${taskId}/subtasks`, { text: `Step ${s + 1}` }, 'subtask');
    }
  });
  return { conversationId: chat.id, taskIds, requests };
}
