import { expect, test } from '@playwright/test';
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
