import { test } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { expect, openInfo, peopleWithChats, screenshotBoth, signedIn } from './support';

// Spec 3/4 max_time_inactive: the group's owner chooses in the group info
// after how long members who neither write nor read there are removed (the
// server's inactivity job does it). A member sees the limit and what it
// means, live, without reloading; a member cannot change it.

test('group inactivity: the owner sets a limit, a member sees it live', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [alice, bob] = await peopleWithChats(request, ['alice', 'bob']);
  if (!alice || !bob) throw new Error('accounts');
  const bobToken = await tokenFor(request, bob);
  const bobId = (await callApi<{ id: number }>(request, bobToken, '/user')).id;
  const group = await callApi<{ id: number }>(
    request,
    await tokenFor(request, alice),
    '/user/groups/create',
    { group_name: 'Sleepy room', member_ids: JSON.stringify([bobId]) },
  );

  // Bob has the info open: no limit yet, so nothing about it, and no setting.
  const b = await signedIn(browser, bob);
  await b.goto(`/chat/${group.id}`);
  await openInfo(b);
  await expect(b.getByTestId('info-inactivity')).toHaveCount(0);

  // The owner chooses "after 1 month", with the explanation beside it.
  const a = await signedIn(browser, alice);
  await a.goto(`/chat/${group.id}`);
  await openInfo(a);
  const select = a.getByTestId('inactivity-select');
  await expect(select).toHaveValue('');
  await expect(a.getByTestId('info-inactivity')).toContainText('The owner is never removed.');
  await select.selectOption('30');
  await expect(select).toBeEnabled();
  await screenshotBoth(a, 'groups-inactivity-owner-en');

  // It reaches Bob's open panel live, and it is there after a reload too.
  const note = b.getByTestId('inactivity-member-note');
  await expect(note).toContainText('Current setting: After 1 month.');
  await expect(b.getByTestId('inactivity-select')).toHaveCount(0);
  await screenshotBoth(b, 'groups-inactivity-member-en');
  await b.evaluate(() => localStorage.setItem('locale', 'ru'));
  await b.reload();
  await openInfo(b);
  await expect(b.getByTestId('inactivity-member-note')).toContainText('Через 1 месяц');
  await screenshotBoth(b, 'groups-inactivity-member-ru');

  // Off again: gone from Bob's panel.
  await select.selectOption('');
  await expect(b.getByTestId('info-inactivity')).toHaveCount(0);
  for (const locale of ['ru', 'fr', 'am']) {
    await a.evaluate((code) => localStorage.setItem('locale', code), locale);
    await a.reload();
    await openInfo(a);
    await expect(a.getByTestId('inactivity-select')).toHaveValue('');
    await expect(a.getByTestId('info-inactivity')).not.toContainText('The owner');
    await screenshotBoth(a, `groups-inactivity-owner-${locale}`);
  }
});
