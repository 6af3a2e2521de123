import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { pairWithChat } from '../support/chats';
import { openTasks, readBoard, seedBoard, signedIn, taskRow } from './support';

// A tick made offline stays ticked on screen, is queued (it survives the
// lost connection), and reaches the server once the browser is back online,
// like a message written offline.

test('a task ticked offline is synced when back online', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { alice, chatId, aliceToken } = await pairWithChat(request);
  await seedBoard(request, aliceToken, chatId, 'Errands', ['Post the letter', 'Water the plants']);
  const a = await signedIn(browser, alice, `/chat/${chatId}`);
  await expect(a.getByTestId('tasks-count')).toHaveText('2');
  await openTasks(a);

  await a.context().setOffline(true);
  await taskRow(a, 'Post the letter').getByTestId('task-done').check();
  await expect(taskRow(a, 'Post the letter').getByTestId('task-done')).toBeChecked();
  await expect(a.getByTestId('tasks-count')).toHaveText('1');
  // Queued, not lost: the server has not heard of it yet.
  await expect
    .poll(() => a.evaluate(() => localStorage.getItem('parley-task-ticks')))
    .toContain('"done":true');
  expect((await readBoard(request, aliceToken, chatId)).task_groups[0]?.tasks[0]?.done).toBe(false);

  await a.context().setOffline(false);
  await expect
    .poll(async () => (await readBoard(request, aliceToken, chatId)).task_groups[0]?.tasks[0]?.done)
    .toBe(true);
  await expect.poll(() => a.evaluate(() => localStorage.getItem('parley-task-ticks'))).toBeNull();
  await expect(taskRow(a, 'Post the letter').getByTestId('task-done')).toBeChecked();
});

// Issue 33: the tick went through but its reply was lost, so the queue keeps
// it; meanwhile the other person unticks. The resend carries the same op_id:
// the server changes nothing, and the other person's untick stays.
test('a tick whose reply was lost, sent again, does not undo a later untick', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { alice, bob, chatId, aliceToken } = await pairWithChat(request);
  const { taskIds } = await seedBoard(request, aliceToken, chatId, 'Home', ['Pay the rent']);
  const taskId = taskIds[0] ?? 0;
  const a = await signedIn(browser, alice, `/chat/${chatId}`);
  await openTasks(a);

  // The request reaches the server; its reply never reaches the page.
  const ticks = '**/api/v1/user/tasks/*/done';
  await a.route(ticks, async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await taskRow(a, 'Pay the rent').getByTestId('task-done').check();
  await expect
    .poll(async () => (await readBoard(request, aliceToken, chatId)).task_groups[0]?.tasks[0]?.done)
    .toBe(true);
  await expect
    .poll(() => a.evaluate(() => localStorage.getItem('parley-task-ticks')))
    .toContain('"op_id"');
  await a.unroute(ticks);

  const bobToken = await tokenFor(request, bob);
  await callApi(request, bobToken, `/user/tasks/${taskId}/done`, {
    done: false,
    op_id: randomUUID(),
  });
  // Back online: the queue sends the same tick again.
  await a.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => a.evaluate(() => localStorage.getItem('parley-task-ticks'))).toBeNull();
  const task = (await readBoard(request, aliceToken, chatId)).task_groups[0]?.tasks[0];
  expect([task?.done, task?.versions.done]).toEqual([false, 2]);
  await expect(taskRow(a, 'Pay the rent').getByTestId('task-done')).not.toBeChecked();
});
