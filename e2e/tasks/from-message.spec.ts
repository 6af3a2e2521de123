import { expect, test } from '@playwright/test';
import { pairWithChat } from '../support/chats';
import { readBoard, seedBoard, signedIn, taskRow } from './support';

// "Create task from message" in the message menu: the task takes the
// message's text, opens in the Tasks panel, and links back to the message.

test('a message turned into a task links back to it', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { alice, chatId, aliceToken } = await pairWithChat(request);
  await seedBoard(request, aliceToken, chatId, 'Inbox', []);
  await seedBoard(request, aliceToken, chatId, 'Later', []);
  const a = await signedIn(browser, alice, `/chat/${chatId}`);

  const input = a.getByTestId('composer-input');
  await input.fill('Renew the passport before May');
  await input.press('Enter');
  for (let i = 1; i <= 16; i += 1) {
    await input.fill(`filler ${i}`);
    await input.press('Enter');
  }
  const bubble = a.getByTestId('message').filter({ hasText: 'Renew the passport' });
  await bubble.click({ button: 'right' });
  await a.getByTestId('action-task').click();
  const picker = a.getByTestId('tasks-from-message');
  await expect(picker).toBeVisible();
  await picker.getByTestId('tasks-from-message-group').filter({ hasText: 'Inbox' }).click();

  const row = taskRow(a, 'Renew the passport before May');
  await expect(row).toBeVisible();
  await expect(row.getByTestId('task-details')).toBeVisible();
  const board = await readBoard(request, aliceToken, chatId);
  const inbox = board.task_groups.find((g) => g.name === 'Inbox');
  expect(inbox?.tasks.map((t) => t.title)).toEqual(['Renew the passport before May']);

  // Scrolled away (the chat stays at its newest), the link brings the message back, outlined.
  await row.getByTestId('task-message-link').click();
  await expect(bubble).toHaveClass(/is-highlighted/);
  await expect(bubble).toBeInViewport();
});

// The task is plain text, and a spoiler stays hidden: members who never
// revealed it read the board too.
test('a task from a formatted message has its words, the spoiler masked', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { alice, chatId, aliceToken } = await pairWithChat(request);
  await seedBoard(request, aliceToken, chatId, 'Inbox', []);
  const a = await signedIn(browser, alice, `/chat/${chatId}`);

  const input = a.getByTestId('composer-input');
  await input.fill('**Big** _news_: ||the butler did it||');
  await input.press('Enter');
  const bubble = a.getByTestId('message').filter({ hasText: 'news' });
  await bubble.click({ button: 'right' });
  await a.getByTestId('action-task').click();
  await a.getByTestId('tasks-from-message-group').filter({ hasText: 'Inbox' }).click();

  const row = taskRow(a, 'Big news: ▒▒▒');
  await expect(row).toBeVisible();
  const panel = a.getByTestId('tasks-panel');
  await expect(panel).not.toContainText('butler');
  await expect(panel).not.toContainText('**');
  const board = await readBoard(request, aliceToken, chatId);
  const task = board.task_groups[0]?.tasks[0];
  expect([task?.title, task?.description]).toEqual(['Big news: ▒▒▒', '']);
});
