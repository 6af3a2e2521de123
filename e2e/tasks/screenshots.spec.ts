import { mkdirSync, copyFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { pairWithChat } from '../support/chats';
import { screenshotPath, saveScreenshot } from '../support/screenshots';
import { openTasks, seedBoard, signedIn, taskRow } from './support';
import { callApi } from '../support/api';

// The Tasks panel at desktop and phone widths, in English and Russian (a
// long-text locale), for a person to look at: e2e/screenshots/tasks-*.png.

const SHOTS = '/work/shots/tasksweb';

test('tasks panel screenshots, en and ru, desktop and phone', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { alice, chatId, aliceToken } = await pairWithChat(request);
  const { taskIds } = await seedBoard(request, aliceToken, chatId, 'This week', [
    'Book the room for the quarterly planning meeting with the whole team',
    'Order the cake',
    'Send the invitations',
  ]);
  await seedBoard(request, aliceToken, chatId, 'Later', ['Plan the summer trip']);
  const [first, second] = taskIds;
  await callApi(request, aliceToken, `/user/tasks/${second}/done`, { done: true });
  await callApi(request, aliceToken, `/user/tasks/${first}/subtasks`, { text: 'Call the venue' });
  await callApi(request, aliceToken, `/user/tasks/${first}/subtasks`, {
    text: 'Confirm the projector',
  });
  const patch = await request.patch(`/api/v1/user/tasks/${first}`, {
    headers: { Authorization: `Bearer ${aliceToken}` },
    data: { due_at: '2026-11-20T17:00:00Z', description: 'Room for 12, with a screen.' },
  });
  expect(patch.ok()).toBeTruthy();

  mkdirSync(SHOTS, { recursive: true });
  const shot = async (page: Parameters<typeof saveScreenshot>[0], name: string) => {
    await saveScreenshot(page, name);
    copyFileSync(screenshotPath(name), `${SHOTS}/${name}.png`);
  };

  for (const locale of ['en', 'ru'] as const) {
    const a = await signedIn(browser, alice, `/chat/${chatId}`);
    await a.evaluate((l) => localStorage.setItem('locale', l), locale);
    await a.reload();
    await expect(a.getByTestId('tasks-count')).toHaveText('3');
    await openTasks(a);
    await taskRow(a, 'Book the room for the quarterly planning meeting with the whole team')
      .getByTestId('task-title')
      .click();
    await expect(a.getByTestId('task-details')).toBeVisible();
    await shot(a, `tasks-${locale}-desktop`);
    await a.setViewportSize({ width: 390, height: 844 });
    await a.waitForTimeout(200);
    await shot(a, `tasks-${locale}-phone`);
    await a.context().close();
  }
});
