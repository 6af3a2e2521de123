import { expect, test } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import { saveScreenshot } from '../support/screenshots';

// Conversation folders: make two in the editor, put chats in them from the
// conversation menu, the tabs filter the list (and the tab survives a
// reload), rename, delete; desktop and phone screenshots of the tabs.

test('folders: create, assign, filter, rename, delete', async ({ browser, request }) => {
  const alice = newAccount('alice');
  const bob = newAccount('bob');
  const carol = newAccount('carol');
  for (const account of [alice, bob, carol]) await registerByApi(request, account);
  const chats: Record<string, number> = {};
  for (const [name, account] of [
    ['bob', bob],
    ['carol', carol],
  ] as const) {
    const token = await tokenFor(request, account);
    const direct = await callApi<{ id: number }>(request, token, '/user/conversations/direct', {
      username: alice.username,
    });
    chats[name] = direct.id;
    await callApi(request, token, '/user/messages', {
      conversation_id: direct.id,
      uuid: crypto.randomUUID(),
      message: `hello from ${name}`,
    });
  }

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const a = await context.newPage();
  await signInByUi(a, alice);
  const bobRow = a.getByTestId(`conversation-${chats.bob}`);
  const carolRow = a.getByTestId(`conversation-${chats.carol}`);
  await expect(bobRow).toBeVisible();
  await expect(a.getByRole('tablist')).toBeVisible();

  // Two folders from the editor.
  await a.getByTestId('folder-edit').click();
  const editor = a.getByTestId('folder-editor');
  for (const name of ['Work', 'Friends']) {
    await editor.getByTestId('folder-new-name').fill(name);
    await editor.getByTestId('folder-create').click();
    await expect(editor.locator('.folder-edit-row')).toHaveCount(name === 'Work' ? 1 : 2);
  }
  await editor.getByTestId('folder-editor-close').click();
  const work = a.getByRole('tab', { name: /^Work/ });
  const friends = a.getByRole('tab', { name: /^Friends/ });
  await expect(work).toBeVisible();
  await expect(friends).toBeVisible();

  // Bob's chat to Work, Carol's to Friends, from the conversation menu.
  for (const [row, folder] of [
    [bobRow, 'Work'],
    [carolRow, 'Friends'],
  ] as const) {
    await row.click({ button: 'right' });
    await a.getByTestId('conversation-action-folder').click();
    await a.getByTestId('folder-picker').getByRole('menuitemradio', { name: folder }).click();
  }

  // The tabs filter the list; unread badges follow the folders.
  await work.click();
  await expect(work).toHaveAttribute('aria-selected', 'true');
  await expect(bobRow).toBeVisible();
  await expect(carolRow).toHaveCount(0);
  await expect(a.locator('.conv-row', { hasText: 'Parley' })).toHaveCount(0);
  await expect(work.locator('.folder-tab-badge')).toHaveText('1');
  await saveScreenshot(a, 'folders-tabs-desktop');
  await friends.click();
  await expect(carolRow).toBeVisible();
  await expect(bobRow).toHaveCount(0);

  // The chosen tab survives a reload.
  await a.reload();
  await expect(a.getByRole('tab', { name: /^Friends/ })).toHaveAttribute('aria-selected', 'true');
  await expect(carolRow).toBeVisible();
  await expect(bobRow).toHaveCount(0);

  // Keyboard: Home goes to All.
  await a.getByRole('tab', { name: /^Friends/ }).focus();
  await a.keyboard.press('Home');
  await expect(a.getByTestId('folder-tab-all')).toHaveAttribute('aria-selected', 'true');
  await expect(bobRow).toBeVisible();
  await expect(carolRow).toBeVisible();

  // Remove from folder: Carol's chat leaves Friends.
  await carolRow.click({ button: 'right' });
  await a.getByTestId('conversation-action-folder').click();
  await a.getByTestId('folder-pick-none').click();
  await a.getByRole('tab', { name: /^Friends/ }).click();
  await expect(carolRow).toHaveCount(0);
  await expect(a.getByTestId('conversations-empty')).toBeVisible();

  // Rename Work, move it after Friends, then delete it: Bob's chat stays in All.
  await a.getByTestId('folder-edit').click();
  const rows = editor.locator('.folder-edit-row input');
  await rows.first().fill('Office');
  await rows.first().press('Enter');
  await expect(a.getByRole('tab', { name: /^Office/ })).toBeVisible();
  await editor.locator('.folder-edit-row').first().getByRole('button', { name: /down/ }).click();
  await expect(a.getByRole('tab')).toHaveText([/^All/, /^Friends/, /^Office/]);
  await saveScreenshot(a, 'folders-editor-desktop');
  await editor
    .locator('.folder-edit-row')
    .last()
    .getByRole('button', { name: /Delete/ })
    .click();
  await a.getByTestId('confirm-ok').click();
  await expect(editor.locator('.folder-edit-row')).toHaveCount(1);
  await editor.getByTestId('folder-editor-close').click();
  await expect(a.getByRole('tab', { name: /^Office/ })).toHaveCount(0);
  await a.getByTestId('folder-tab-all').click();
  await expect(bobRow).toBeVisible();

  // Phone width: the tabs scroll sideways.
  const phone = await browser.newContext({ viewport: { width: 390, height: 780 } });
  const p = await phone.newPage();
  await signInByUi(p, alice);
  await p.getByTestId('folder-edit').click();
  for (const name of ['Family', 'Study group', 'Neighbours', 'Very long folder name']) {
    await p.getByTestId('folder-new-name').fill(name);
    await p.getByTestId('folder-create').click();
    await expect(p.getByRole('tab', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await p.getByTestId('folder-editor-close').click();
  const tabs = p.getByTestId('folder-tabs');
  const overflow = await tabs.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(overflow).toBe(true);
  await saveScreenshot(p, 'folders-tabs-phone');
  await phone.close();
  await context.close();
});
