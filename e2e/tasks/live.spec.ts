import { expect, test } from '@playwright/test';
import { callApi } from '../support/api';
import { pairWithChat } from '../support/chats';
import { addGroup, addTask, openTasks, signedIn, taskRow } from './support';

// Two people edit one task list in their direct chat at the same time; each
// change reaches the other's panel live over the socket (no reloads), and
// the header's count of open tasks follows.

test('two users edit one task list live', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { alice, bob, chatId } = await pairWithChat(request);
  const a = await signedIn(browser, alice, `/chat/${chatId}`);
  const b = await signedIn(browser, bob, `/chat/${chatId}`);

  // Tasks are off in a new direct chat: Alice turns them on in the panel.
  await openTasks(a);
  await expect(a.getByTestId('tasks-off')).toBeVisible();
  // The switch leaves with the notice once the server has tasks on: a click, not a check.
  await a.getByTestId('switch-tasks-on').click();
  await expect(a.getByTestId('tasks-filter-all')).toBeVisible();

  await addGroup(a, 'This week');
  await addTask(a, 'This week', 'Book the room');
  await addTask(a, 'This week', 'Order the cake');
  await expect(a.getByTestId('tasks-count')).toHaveText('2');

  // Bob's header learnt of it live; his panel shows the list.
  await expect(b.getByTestId('tasks-count')).toHaveText('2');
  await openTasks(b);
  await expect(b.getByTestId('task-text')).toHaveText(['Book the room', 'Order the cake']);

  // Bob adds a checklist item; Alice ticks the task meanwhile: both keep their change.
  await taskRow(b, 'Book the room').getByTestId('task-title').click();
  const add = b.getByTestId('task-add-subtask');
  await add.fill('Call the venue');
  await add.press('Enter');
  await taskRow(a, 'Book the room').getByTestId('task-done').check();
  await expect(taskRow(b, 'Book the room').getByTestId('task-done')).toBeChecked();
  await expect(b.getByTestId('tasks-count')).toHaveText('1');
  await taskRow(a, 'Book the room').getByTestId('task-title').click();
  await expect(taskRow(a, 'Book the room').getByTestId('subtask-text')).toHaveValue(
    'Call the venue',
  );

  // Keyboard reordering: Alt+ArrowUp on the second task puts it first, on both screens.
  await taskRow(a, 'Order the cake').getByTestId('task-title').focus();
  await a.keyboard.press('Alt+ArrowUp');
  await expect(a.getByTestId('task-text')).toHaveText(['Order the cake', 'Book the room']);
  await expect(b.getByTestId('task-text')).toHaveText(['Order the cake', 'Book the room']);

  // Filters: "done" keeps the ticked one.
  await b.getByTestId('tasks-filter-done').click();
  await expect(b.getByTestId('task-text')).toHaveText(['Book the room']);

  // The server holds what both see.
  const token = await (await import('../support/api')).tokenFor(request, bob);
  const board = await callApi<{ task_groups: { tasks: { title: string; done: boolean }[] }[] }>(
    request,
    token,
    `/user/conversations/${chatId}/tasks`,
  );
  expect(board.task_groups[0]?.tasks.map((t) => [t.title, t.done])).toEqual([
    ['Order the cake', false],
    ['Book the room', true],
  ]);
});
