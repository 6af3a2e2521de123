import { expect, test } from '@playwright/test';
import { tokenFor } from '../support/api';
import { openCreate, peopleWithChats } from '../groups/support';
import { openTasks, readBoard, signedIn, taskRow } from './support';

// A group made with the create form's Tasks switch on. A member sees the
// board, may tick unassigned tasks but not edit or delete the owner's; a
// change the server refuses (the task was just assigned to the owner) shows
// the server's message and the board as the server holds it.

test('a group member cannot edit another member’s task; refusals show', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [owner, member] = await peopleWithChats(request, ['owner', 'member']);
  if (!owner || !member) throw new Error('nobody');
  const o = await signedIn(browser, owner, '/chat');

  await openCreate(o, 'group');
  const dialog = o.getByTestId('create-dialog');
  await dialog.locator('input[name="group_name"]').fill('Flat share');
  await dialog.getByTestId('member-picker').getByText(member.name).click();
  await dialog.getByTestId('switch-has_tasks').check();
  await dialog.getByTestId('create-submit').click();
  await expect(o).toHaveURL(/\/chat\/\d+$/);
  const chatId = Number(/\/chat\/(\d+)$/.exec(o.url())?.[1]);

  // The switch reached the server: the owner's header has the Tasks button, the board is on.
  const ownerToken = await tokenFor(request, owner);
  await openTasks(o);
  await o.getByTestId('tasks-add-group').fill('Chores');
  await o.getByTestId('tasks-add-group').press('Enter');
  for (const title of ['Clean the oven', 'Buy bin bags']) {
    await o.getByTestId('tasks-add-task').fill(title);
    await o.getByTestId('tasks-add-task').press('Enter');
    await expect(taskRow(o, title)).toBeVisible();
  }
  const board = await readBoard(request, ownerToken, chatId);
  const [oven, bags] = board.task_groups[0]?.tasks ?? [];
  if (!oven || !bags) throw new Error('no tasks');

  const m = await signedIn(browser, member, `/chat/${chatId}`);
  const panel = await openTasks(m);
  // A member manages no groups: no rename, no delete, no new group.
  await expect(panel.getByTestId('tasks-group-rename')).toHaveCount(0);
  await expect(panel.getByTestId('tasks-add-group')).toHaveCount(0);
  // The owner's task: readable, not editable, not deletable; unassigned, so tickable.
  await taskRow(m, 'Clean the oven').getByTestId('task-title').click();
  await expect(taskRow(m, 'Clean the oven').getByTestId('task-details')).toBeVisible();
  await expect(m.getByTestId('task-title-input')).toHaveCount(0);
  await expect(m.getByTestId('task-delete')).toHaveCount(0);
  await expect(taskRow(m, 'Clean the oven').getByTestId('task-done')).toBeEnabled();

  // Assigned to the owner (live): the member's tick goes grey.
  const ownerId = oven.created_by;
  const assign = await request.patch(`/api/v1/user/tasks/${oven.id}`, {
    headers: { Authorization: `Bearer ${ownerToken}` },
    data: { assignee_ids: [ownerId] },
  });
  expect(assign.ok(), await assign.text()).toBeTruthy();
  await expect(taskRow(m, 'Clean the oven').getByTestId('task-done')).toBeDisabled();

  // A race: the owner takes "Buy bin bags" while the member's tick is on its way.
  await m.route(`**/api/v1/user/tasks/${bags.id}/done`, async (route) => {
    const taken = await request.patch(`/api/v1/user/tasks/${bags.id}`, {
      headers: { Authorization: `Bearer ${ownerToken}` },
      data: { assignee_ids: [ownerId] },
    });
    expect(taken.ok(), await taken.text()).toBeTruthy();
    await route.continue();
  });
  await taskRow(m, 'Buy bin bags').getByTestId('task-done').click();
  await expect(m.getByTestId('tasks-error')).toHaveText("You can't do this with tasks here");
  await expect(taskRow(m, 'Buy bin bags').getByTestId('task-done')).not.toBeChecked();
  await expect(taskRow(m, 'Buy bin bags').getByTestId('task-done')).toBeDisabled();
  const after = await readBoard(request, ownerToken, chatId);
  expect(after.task_groups[0]?.tasks.map((t) => t.done)).toEqual([false, false]);
});
