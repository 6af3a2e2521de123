import { randomUUID } from 'node:crypto';
import { test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { gradientPng } from '../support/png';
import type { Account } from '../support/users';
import { expect, openInfo, peopleWithChats, screenshotBoth, signedIn } from './support';

// The info panel for those who run a group or channel: the owner edits the
// name and description (spec 5's message on an empty name) and a member's
// open panel and header change live; the owner adds a member later and the
// other member's list shows them at once; a channel's post is shown to a
// subscriber under the channel's name, not the poster's.

const idOf = async (request: APIRequestContext, account: Account) =>
  (await callApi<{ id: number }>(request, await tokenFor(request, account), '/user')).id;

test('owner edits info and adds a member; the member sees both live', async ({
  browser,
  request,
}) => {
  const [alice, bob, carol] = await peopleWithChats(request, ['alice', 'bob', 'carol']);
  if (!alice || !bob || !carol) throw new Error('accounts');
  const group = await callApi<{ id: number }>(
    request,
    await tokenFor(request, alice),
    '/user/groups/create',
    { group_name: 'Hikers', member_ids: JSON.stringify([await idOf(request, bob)]) },
  );

  const b = await signedIn(browser, bob);
  await b.goto(`/chat/${group.id}`);
  await openInfo(b);
  await expect(b.getByTestId('info-name')).toHaveText('Hikers');
  // A plain member may not edit or add.
  await expect(b.getByTestId('info-edit-open')).toHaveCount(0);
  await expect(b.getByTestId('info-add-members')).toHaveCount(0);

  const a = await signedIn(browser, alice);
  await a.goto(`/chat/${group.id}`);
  await openInfo(a);
  await a.getByTestId('info-edit-open').click();
  const form = a.getByTestId('info-edit');
  await form.locator('input[name="name"]').fill('');
  await form.getByTestId('edit-save').click();
  await expect(form.getByTestId('error-name')).toHaveText("Name can't be empty");
  await form.locator('input[name="name"]').fill('Hill walkers');
  await form.locator('#group-description').fill('Sundays, rain or shine');
  await form
    .getByTestId('group-avatar-input')
    .setInputFiles({ name: 'hills.png', mimeType: 'image/png', buffer: gradientPng(96, 96) });
  await expect(form.getByTestId('avatar-preview')).toBeVisible();
  await screenshotBoth(a, 'groups-info-edit');
  await form.getByTestId('edit-save').click();
  await expect(a.getByTestId('info-edit')).toHaveCount(0);
  await expect(a.getByTestId('info-name')).toHaveText('Hill walkers');

  // Bob's open panel and his header follow without a reload.
  await expect(b.getByTestId('info-name')).toHaveText('Hill walkers');
  await expect(b.getByTestId('info-description')).toHaveText('Sundays, rain or shine');
  await expect(b.getByTestId('info-panel').locator('img').first()).toHaveAttribute(
    'src',
    /\/api\/v1\/avatars\/[0-9a-f]+\.jpg$/,
  );
  await expect(b.getByTestId('chat-title')).toHaveText('Hill walkers');

  // Carol is added later; she appears in Bob's open list.
  await a.getByTestId('info-add-members').click();
  const add = a.getByTestId('add-members-dialog');
  await expect(add.getByText(bob.name)).toHaveCount(0);
  await add.getByText(carol.name).click();
  await screenshotBoth(a, 'groups-add-members');
  await add.getByTestId('add-members-submit').click();
  await expect(add).toHaveCount(0);
  await expect(a.getByTestId(`member-${carol.username}`)).toBeVisible();
  await expect(b.getByTestId(`member-${carol.username}`)).toBeVisible();
  await expect(b.getByTestId('info-count')).toHaveText('Members: 3');

  // Notifications off for this conversation: the list row says so at once.
  await a.getByTestId('switch-conversation-notifications').click();
  await expect(
    a.getByTestId(`conversation-${group.id}`).getByTestId('conversation-notifications-off'),
  ).toBeVisible();
  await screenshotBoth(a, 'groups-info-admin');
});

test('a channel post shows the channel, not the person who posted', async ({
  browser,
  request,
}) => {
  const [alice, bob] = await peopleWithChats(request, ['alice', 'bob']);
  if (!alice || !bob) throw new Error('accounts');
  const token = await tokenFor(request, alice);
  const channel = await callApi<{ id: number }>(request, token, '/user/channels/create', {
    channel_name: 'Trail news',
    member_ids: JSON.stringify([await idOf(request, bob)]),
  });
  await callApi(request, token, '/user/messages', {
    conversation_id: channel.id,
    uuid: randomUUID(),
    message: 'The north trail is open again',
  });

  const b = await signedIn(browser, bob);
  await b.goto(`/chat/${channel.id}`);
  const post = b.getByTestId('message').filter({ hasText: 'The north trail is open again' });
  await expect(post.locator('.msg-sender')).toHaveText('Trail news');
  await expect(post).not.toContainText(alice.name);
  await expect(b.getByTestId('chat-subtitle')).toHaveText('Subscribers: 2');
  await expect(b.getByTestId('composer-channel')).toBeVisible();
  // The list's preview names the channel too.
  await expect(
    b.getByTestId(`conversation-${channel.id}`).getByTestId('conversation-preview'),
  ).not.toContainText(alice.name.slice(0, 14));
  await screenshotBoth(b, 'groups-channel-post');
});
