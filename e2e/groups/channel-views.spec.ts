import { test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { expect, peopleWithChats, screenshotBoth, signedIn } from './support';

// A channel post's view count follows its readers live, for the author and
// for the readers, with no reload: reads are told in a throttled
// `message.views` event (at most one per channel per 5 s, the first read
// after a quiet spell at once; docs/REALTIME.md "Channel view counts").

/** The interval plus room for a loaded machine. */
const THROTTLED = { timeout: 12_000 };

const post = (page: Page) =>
  page.getByTestId('message').filter({ hasText: 'Bridge closed today' }).last();

test('channel view counts rise live for the author and the readers', async ({
  browser,
  request,
}) => {
  // Three people, three browsers and two throttled counts: longer than the
  // default 30 s on a loaded CI machine (both ran out of time there).
  test.setTimeout(90_000);
  const [alice, bob, carol] = await peopleWithChats(request, ['alice', 'bob', 'carol']);
  if (!alice || !bob || !carol) throw new Error('accounts');
  const token = await tokenFor(request, alice);
  const ids = await Promise.all(
    [bob, carol].map(
      async (p) => (await callApi<{ id: number }>(request, await tokenFor(request, p), '/user')).id,
    ),
  );
  const channel = await callApi<{ id: number }>(request, token, '/user/channels/create', {
    channel_name: 'Ranger news',
    member_ids: JSON.stringify(ids),
  });

  // The author posts with the channel open.
  const a = await signedIn(browser, alice);
  await a.goto(`/chat/${channel.id}`);
  const input = a.getByTestId('composer-input');
  await input.fill('Bridge closed today');
  await input.press('Enter');
  await expect(post(a).getByTestId('tick-sent')).toBeVisible();
  await expect(post(a).getByTestId('msg-views')).toHaveText('0');

  // Bob reads it: his count and the author's show 1, at once.
  const b = await signedIn(browser, bob);
  await b.goto(`/chat/${channel.id}`);
  await expect(post(b)).toBeVisible();
  await expect(post(a).getByTestId('msg-views')).toHaveText('1', THROTTLED);
  await expect(post(b).getByTestId('msg-views')).toHaveText('1', THROTTLED);

  // Carol too, within the interval: told together at its end, to everyone.
  const c = await signedIn(browser, carol);
  await c.goto(`/chat/${channel.id}`);
  await expect(post(c)).toBeVisible();
  await expect(post(a).getByTestId('msg-views')).toHaveText('2', THROTTLED);
  await expect(post(b).getByTestId('msg-views')).toHaveText('2', THROTTLED);
  await screenshotBoth(a, 'channel-views-live');
  for (const page of [a, b, c]) await page.context().close();
});
