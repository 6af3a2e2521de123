import { randomUUID } from 'node:crypto';
import { test } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { expect, openInfo, peopleWithChats, screenshotBoth, signedIn } from './support';

// Issue 18: a group's slow mode, set by its owner in the group info; a
// member then waits between messages. A send that comes too soon gets the
// server's 429: the spec's "Too many requests." toast counts the seconds
// down, and so does the composer, which holds the next message until then.
// In every locale.

test('slow mode: the owner sets it, a member is held and sees the countdown', async ({
  browser,
  request,
}) => {
  // Two people, a 429 and four locales at two widths: more than the default 30 s.
  test.setTimeout(120_000);
  const [alice, bob] = await peopleWithChats(request, ['alice', 'bob']);
  if (!alice || !bob) throw new Error('accounts');
  const bobToken = await tokenFor(request, bob);
  const bobId = (await callApi<{ id: number }>(request, bobToken, '/user')).id;
  const group = await callApi<{ id: number }>(
    request,
    await tokenFor(request, alice),
    '/user/groups/create',
    { group_name: 'Quiet room', member_ids: JSON.stringify([bobId]) },
  );

  // The owner turns slow mode on in the group info.
  const a = await signedIn(browser, alice);
  await a.goto(`/chat/${group.id}`);
  await openInfo(a);
  const select = a.getByTestId('slow-mode-select');
  await expect(select).toHaveValue('');
  await select.selectOption('60');
  await expect(select).toBeEnabled();
  await screenshotBoth(a, 'groups-slow-mode-owner');

  // Bob sees it in the info, as a member (no setting).
  const b = await signedIn(browser, bob);
  await b.goto(`/chat/${group.id}`);
  await openInfo(b);
  await expect(b.getByTestId('info-slow-mode')).toContainText(/1 min/);
  await expect(b.getByTestId('slow-mode-select')).toHaveCount(0);
  await b.keyboard.press('Escape');

  // A message Bob sent elsewhere a moment ago (another device): his turn is taken.
  await callApi(request, bobToken, '/user/messages', {
    conversation_id: group.id,
    uuid: randomUUID(),
    message: 'from my phone',
  });
  await expect(b.getByTestId('message-text').getByText('from my phone')).toBeVisible();
  await b.getByTestId('composer-input').fill('and again');
  await b.getByTestId('composer-send').click();
  // The server said 429 with the seconds left: a counting toast and a held composer.
  const toast = b.locator('[data-sonner-toast]').filter({ hasText: 'Too many requests.' });
  await expect(toast).toContainText(/Try again in \d+ sec/);
  const wait = b.getByTestId('composer-wait');
  await expect(wait).toContainText(/Slow mode \d+ sec/);
  const first = Number((await wait.textContent())?.match(/\d+/)?.[0]);
  await expect
    .poll(async () => Number((await wait.textContent())?.match(/\d+/)?.[0]), { timeout: 5000 })
    .toBeLessThan(first);
  await b.getByTestId('composer-input').fill('still too soon');
  await expect(b.getByTestId('composer-send')).toBeDisabled();
  await screenshotBoth(b, 'groups-slow-mode-member-en');

  // The same screen in the other locales.
  for (const locale of ['fr', 'ru', 'am']) {
    await b.evaluate((code) => localStorage.setItem('locale', code), locale);
    await b.reload();
    await b.getByTestId('composer-input').fill('…');
    await b.getByTestId('composer-send').click();
    await expect(b.getByTestId('composer-wait')).toBeVisible();
    await expect(b.getByTestId('composer-wait')).not.toContainText('Slow mode');
    await screenshotBoth(b, `groups-slow-mode-member-${locale}`);
  }
});
