import { test } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { directChat } from '../support/chats';
import { expectNoCspViolations } from '../support/csp';
import { saveScreenshot } from '../support/screenshots';
import { newAccount, registerByApi } from '../support/users';
import { expect, openCreate, screenshotBoth, signedIn } from './support';

// Consent to be added to groups (issue 18): a stranger who opened a chat
// with Dana (she never wrote back) puts her in a new group. She is not
// added: she gets an invitation, live, above her chat list, and the
// stranger is told it was sent. She accepts, and the group opens. Then
// "Who can add me to groups" in Settings → Privacy.

test('a stranger adds Dana: she is invited, sees it live, and accepts', async ({
  browser,
  request,
}) => {
  // Four sign-ins and two-way chats to seed, on a shared machine: more than the default 30 s.
  test.setTimeout(60_000);
  const stranger = newAccount('stranger');
  const dana = newAccount('dana');
  await registerByApi(request, stranger);
  await registerByApi(request, dana);
  await directChat(request, stranger, dana); // one side only

  const d = await signedIn(browser, dana);
  await expect(d.getByTestId('invitations')).toHaveCount(0);

  const s = await signedIn(browser, stranger);
  await openCreate(s, 'group');
  const dialog = s.getByTestId('create-dialog');
  await dialog.locator('input[name="group_name"]').fill('Crypto deals');
  await dialog.getByTestId('member-picker').getByText(dana.name).click();
  await dialog.getByTestId('create-submit').click();
  await expect(s).toHaveURL(/\/chat\/\d+$/);
  // Only the stranger is in it; the toast says an invitation went out.
  await expect(s.getByTestId('chat-subtitle')).toHaveText('Members: 1');
  await expect(s.getByText(`Invitation sent to ${dana.name}`)).toBeVisible();
  // The toast in sonner's own stylesheet (a file now: the CSP refuses its injected <style>).
  await saveScreenshot(s, 'groups-invitation-sent-desktop');
  const groupId = Number(/\/chat\/(\d+)$/.exec(s.url())?.[1]);

  // Dana: the invitation appears without a reload; the group is not in her list.
  const invitation = d.getByTestId(`invitation-${groupId}`);
  await expect(invitation).toBeVisible();
  await expect(invitation).toContainText('Crypto deals');
  await expect(invitation).toContainText(`${stranger.name} invites you to this group`);
  await expect(d.getByTestId(`conversation-${groupId}`)).toHaveCount(0);
  await screenshotBoth(d, 'groups-invitation');

  // Keyboard: Tab reaches Accept; Enter joins and opens the group.
  await invitation.getByTestId('invitation-accept').focus();
  await d.keyboard.press('Enter');
  await expect(d).toHaveURL(new RegExp(`/chat/${groupId}$`));
  await expect(d.getByTestId('chat-title')).toHaveText('Crypto deals');
  await expect(d.getByTestId('invitations')).toHaveCount(0);
  await expect(d.getByTestId(`conversation-${groupId}`)).toBeVisible();
  await expect(s.getByTestId('chat-subtitle')).toHaveText('Members: 2');

  // Settings → Privacy: "Who can add me to groups", stored on the server.
  await d.getByTestId('user-menu').click();
  await d.getByTestId('open-settings').click();
  await d.getByTestId('settings-tab-privacy').click();
  const select = d.getByTestId('who-can-add-select');
  await expect(select).toHaveValue('contacts');
  await select.selectOption('nobody');
  await screenshotBoth(d, 'settings-who-can-add');
  await expect
    .poll(async () => {
      const me = await callApi<{ who_can_add: string }>(
        request,
        await tokenFor(request, dana),
        '/user',
      );
      return me.who_can_add;
    })
    .toBe('nobody');

  for (const page of [d, s]) await expectNoCspViolations(page);
});

test('declining takes the invitation away and adds nobody', async ({ browser, request }) => {
  const stranger = newAccount('stranger');
  const dana = newAccount('dana');
  await registerByApi(request, stranger);
  await registerByApi(request, dana);
  const token = await tokenFor(request, stranger);
  await directChat(request, stranger, dana, token);
  const danaId = (await callApi<{ id: number }>(request, await tokenFor(request, dana), '/user'))
    .id;
  const d = await signedIn(browser, dana);
  const group = await callApi<{ id: number; invited: { id: number }[] }>(
    request,
    token,
    '/user/groups/create',
    { group_name: 'Spam club', member_ids: [danaId] },
  );
  expect(group.invited.map((p) => p.id)).toEqual([danaId]);
  const invitation = d.getByTestId(`invitation-${group.id}`);
  await invitation.getByTestId('invitation-decline').click();
  await expect(d.getByTestId('invitations')).toHaveCount(0);
  await d.reload();
  await expect(d.getByTestId('chat-shell')).toBeVisible();
  await expect(d.getByTestId('invitations')).toHaveCount(0);
  await expect(d.getByTestId(`conversation-${group.id}`)).toHaveCount(0);
  await expectNoCspViolations(d);
});
