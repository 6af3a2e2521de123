import { test } from '@playwright/test';
import {
  expect,
  memberAction,
  openCreate,
  openInfo,
  peopleWithChats,
  screenshotBoth,
  signedIn,
} from './support';

// A public channel with a publisher and a subscriber: the subscriber has no
// composer, the publisher posts, and the post's view count rises as it is
// read: here as history loads it after a reload (the live count, told by a
// throttled event, is channel-views.spec.ts's).

test('public channel: publisher posts, subscriber reads, views rise', async ({
  browser,
  request,
}) => {
  // Three people, three browsers and two throttled counts: longer than the
  // default 30 s on a loaded CI machine (both ran out of time there).
  test.setTimeout(90_000);
  const [alice, bob, carol] = await peopleWithChats(request, ['alice', 'bob', 'carol']);
  if (!alice || !bob || !carol) throw new Error('accounts');
  const username = `news${Date.now().toString(36)}`;

  const a = await signedIn(browser, alice);
  await openCreate(a, 'channel');
  const dialog = a.getByTestId('create-dialog');
  await dialog.getByTestId('type-public').check();
  await dialog.locator('input[name="channel_name"]').fill('Trail news');
  await dialog.getByTestId('create-submit').click();
  await expect(dialog.getByTestId('error-username')).toHaveText(
    'Public channel has to have username',
  );
  await dialog.locator('input[name="username"]').fill(username);
  await dialog.getByTestId('member-picker').getByText(bob.name).click();
  await dialog.getByTestId('create-submit').click();
  await expect(a.getByTestId('chat-title')).toHaveText('Trail news');
  await expect(a.getByTestId('chat-subtitle')).toHaveText('Subscribers: 2');

  // The owner makes Bob a publisher.
  await openInfo(a);
  await expect(a.getByTestId('info-link')).toHaveText(new RegExp(`/to/${username}$`));
  await memberAction(a, bob.username, 'make-publisher');
  await expect(a.getByTestId(`role-${bob.username}`)).toHaveText('publisher');
  await a.getByTestId('info-close').click();

  // Carol finds it by its public link and subscribes.
  const c = await signedIn(browser, carol);
  await c.goto(`/to/${username}`);
  await expect(c.getByTestId('preview-name')).toHaveText('Trail news');
  await expect(c.getByTestId('preview-count')).toHaveText('Subscribers: 2');
  await c.getByTestId('join-button').click();
  await expect(c.getByTestId('chat-title')).toHaveText('Trail news');
  await expect(c.getByTestId('composer-channel')).toContainText("You can't post in this channel");
  await expect(c.getByTestId('composer-input')).toHaveCount(0);

  // Bob posts.
  const b = await signedIn(browser, bob);
  await b.locator('.conv-row', { hasText: 'Trail news' }).click();
  const input = b.getByTestId('composer-input');
  await input.fill('Trails are open');
  await input.press('Enter');
  const post = (page: typeof b) =>
    page.getByTestId('message').filter({ hasText: 'Trails are open' }).last();
  await expect(post(b).getByTestId('tick-sent')).toBeVisible();

  // Carol reads it; the count the others load rises.
  await expect(post(c)).toBeVisible();
  await screenshotBoth(c, 'groups-channel-reader');
  await expect
    .poll(
      async () => {
        await b.reload();
        return Number((await post(b).getByTestId('msg-views').textContent()) ?? 0);
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(1);
  await expect(b.getByTestId('composer-input')).toBeVisible();
  await screenshotBoth(b, 'groups-channel-publisher');
});
