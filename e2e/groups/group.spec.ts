import { test } from '@playwright/test';
import { expectNoCspViolations } from '../support/csp';
import { gradientPng } from '../support/png';
import {
  expect,
  memberAction,
  openCreate,
  openInfo,
  peopleWithChats,
  screenshotBoth,
  signedIn,
} from './support';

// A group made through the create form (spec 5's messages included), an
// invite link used from a second browser context, a member blocked (their
// chat says they are out, and the link no longer lets them in), and leaving.

test('create a group, invite by link, block a member, leave', async ({ browser, request }) => {
  // Four sign-ins and two-way chats to seed, on a shared machine: more than the default 30 s.
  test.setTimeout(60_000);
  const [alice, bob, carol] = await peopleWithChats(request, ['alice', 'bob', 'carol']);
  if (!alice || !bob || !carol) throw new Error('accounts');

  const a = await signedIn(browser, alice);
  await openCreate(a, 'group');
  const dialog = a.getByTestId('create-dialog');

  // Spec 5: an empty name; a public group without a username; a wrong avatar extension.
  await dialog.getByTestId('type-public').check();
  await dialog
    .getByTestId('group-avatar-input')
    .setInputFiles({ name: 'photo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await dialog.getByTestId('create-submit').click();
  await expect(dialog.getByTestId('error-group_name')).toHaveText("Name can't be empty");
  await expect(dialog.getByTestId('error-username')).toHaveText(
    'Public group has to have username',
  );
  await expect(dialog.getByTestId('error-avatar')).toHaveText(
    'Avatar has to have jpg/jpeg/png extension',
  );

  // The server's own answer: a username a person already has (one namespace).
  await dialog.locator('input[name="group_name"]').fill('Hikers');
  await dialog.locator('input[name="username"]').fill(bob.username);
  await dialog
    .getByTestId('group-avatar-input')
    .setInputFiles({ name: 'hikers.png', mimeType: 'image/png', buffer: gradientPng(96, 96) });
  await expect(dialog.getByTestId('avatar-preview')).toBeVisible();
  await dialog.getByTestId('create-submit').click();
  await expect(dialog.getByTestId('error-username')).toHaveText('This username is already taken');
  await expect(dialog.getByTestId('error-group_name')).toHaveCount(0);

  // Private, with Bob picked from the contacts.
  await dialog.getByTestId('type-private').check();
  await dialog.locator('#group-description').fill('Weekend walks');
  await dialog.getByTestId('member-picker').getByText(bob.name).click();
  await screenshotBoth(a, 'groups-create');
  await dialog.getByTestId('create-submit').click();
  await expect(a).toHaveURL(/\/chat\/\d+$/);
  await expect(a.getByTestId('chat-title')).toHaveText('Hikers');
  await expect(a.getByTestId('chat-subtitle')).toHaveText('Members: 2');

  // The info panel: an invite link for Carol.
  await openInfo(a);
  const panel = a.getByTestId('info-panel');
  await expect(panel.getByTestId('info-description')).toHaveText('Weekend walks');
  await expect(panel.getByTestId(`role-${alice.username}`)).toHaveText('owner');
  await panel.getByTestId('invite-regenerate').click();
  const link = panel.getByTestId('invite-link');
  await expect(link).toHaveValue(/\/conversations\/join\/[\w-]+$/);
  const invite = await link.inputValue();

  const c = await signedIn(browser, carol);
  await c.goto(invite);
  await expect(c.getByTestId('preview-name')).toHaveText('Hikers');
  await expect(c.getByTestId('preview-count')).toHaveText('Members: 2');
  await screenshotBoth(c, 'groups-join');
  await c.getByTestId('join-button').click();
  await expect(c).toHaveURL(/\/chat\/\d+$/);
  await expect(c.getByTestId('chat-title')).toHaveText('Hikers');
  await expect(c.getByTestId('composer-input')).toBeVisible();

  // Alice's open panel follows live: Carol is in, the count is 3.
  await expect(panel.getByTestId(`member-${carol.username}`)).toBeVisible();
  await expect(panel.getByTestId('info-count')).toHaveText('Members: 3');
  await screenshotBoth(a, 'groups-info');

  // A plain member sees no member menus.
  await openInfo(c);
  await expect(c.getByTestId(`member-${bob.username}`)).toBeVisible();
  await expect(c.getByTestId(`member-menu-${bob.username}`)).toHaveCount(0);
  await expect(c.getByTestId('info-invite')).toHaveCount(0);
  await c.getByTestId('info-close').click();

  // Alice blocks Carol: Carol's chat says she is out; the link no longer lets her in.
  await memberAction(a, carol.username, 'block');
  await a.getByTestId('confirm-ok').click();
  await expect(panel.getByTestId(`blocked-${carol.username}`)).toBeVisible();
  await expect(panel.getByTestId(`member-${carol.username}`)).toHaveCount(0);
  await expect(c.getByTestId('chat-not-found-hint')).toHaveText(
    'You were removed from this conversation.',
  );
  await c.goto(invite);
  await c.getByTestId('join-button').click();
  await expect(c.getByTestId('join-error')).toHaveText('You were removed from this conversation.');

  // Bob leaves; Alice's count drops to 1.
  const b = await signedIn(browser, bob);
  await b.locator('.conv-row', { hasText: 'Hikers' }).click();
  await openInfo(b);
  await b.getByTestId('info-leave').click();
  await b.getByTestId('confirm-ok').click();
  await expect(b).toHaveURL(/\/chat\/?$/);
  await expect(b.locator('.conv-row', { hasText: 'Hikers' })).toHaveCount(0);
  await expect(panel.getByTestId('info-count')).toHaveText('Members: 1');
  // The whole walk, in four browsers, without a CSP violation (inline styles, other hosts).
  for (const page of [a, b, c]) await expectNoCspViolations(page);
});
