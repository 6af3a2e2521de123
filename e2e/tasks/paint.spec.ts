import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { pairWithChat } from '../support/chats';
import { seedBoard, signedIn } from './support';

// A benchmark hook (issue 20: "the panel painted ≤ 300 ms in Chromium"): a
// board of 5,000 tasks in 50 groups, served in place of the real board so
// the figure is the panel's own (the server's side has its own bench), from
// the click on the header button to the frame after the groups are in.
// Writes e2e/test-results/tasks-paint.json; fails only far past the target.

const GROUPS = 50;
const PER_GROUP = 100;

function bigBoard(conversationId: number) {
  const at = '2026-11-01T10:00:00.000Z';
  const key = (i: number) => `a${String(i).padStart(4, '0')}`;
  return {
    conversation_id: conversationId,
    has_tasks: true,
    task_service_lines: false,
    last_seq: 1_000_000,
    task_groups: Array.from({ length: GROUPS }, (_, g) => ({
      id: g + 1,
      conversation_id: conversationId,
      name: `Group ${g + 1}`,
      order: key(g),
      created_at: at,
      updated_at: at,
      versions: { name: 1, position: 1 },
      tasks: Array.from({ length: PER_GROUP }, (_, t) => ({
        id: 1000 + g * PER_GROUP + t,
        group_id: g + 1,
        conversation_id: conversationId,
        title: `Task ${t + 1} of group ${g + 1}`,
        description: '',
        assignee_ids: [],
        due_at: t % 3 === 0 ? '2026-12-01T17:00:00.000Z' : null,
        done: t % 4 === 0,
        done_by: null,
        done_at: null,
        order: key(t),
        message_id: null,
        created_by: null,
        created_at: at,
        updated_at: at,
        versions: { title: 1, description: 1, assignee_ids: 1, due_at: 1, done: 1, position: 1 },
        subtasks: [],
      })),
    })),
  };
}

async function paintMs(page: Page): Promise<number> {
  const start = await page.evaluate(() => performance.now());
  await page.getByTestId('tasks-open').click();
  await page.getByTestId('tasks-group').first().waitFor();
  const end = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))),
      ),
  );
  return end - start;
}

test('tasks panel paint with 5,000 tasks in 50 groups', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { alice, chatId, aliceToken } = await pairWithChat(request);
  await seedBoard(request, aliceToken, chatId, 'seed', []);
  const body = JSON.stringify(bigBoard(chatId));
  const a = await signedIn(browser, alice, '/chat');
  await a.route(`**/api/v1/user/conversations/${chatId}/tasks`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body }),
  );
  await a.goto(`/chat/${chatId}`);
  await expect(a.getByTestId('tasks-count')).toHaveText(String(GROUPS * PER_GROUP * 0.75));

  const first = await paintMs(a); // the panel's chunk and texts load here
  const runs: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    await a.getByTestId('tasks-open').click(); // the header button closes it too
    await expect(a.getByTestId('tasks-panel')).toHaveCount(0);
    runs.push(await paintMs(a));
  }
  runs.sort((x, y) => x - y);
  const result = { tasks: GROUPS * PER_GROUP, groups: GROUPS, firstOpenMs: first, warmMs: runs };
  writeFileSync(`${import.meta.dirname}/../test-results/tasks-paint.json`, JSON.stringify(result));
  console.log('tasks paint', JSON.stringify(result));
  expect(runs[2]).toBeLessThan(3_000);
});
