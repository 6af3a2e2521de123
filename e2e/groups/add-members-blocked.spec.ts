import { test } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { DESKTOP, expect, openInfo, peopleWithChats, screenshotBoth } from './support';
import { signInByUi } from '../support/users';

// Issue 33, screen 12: "Add members" offers only friends who may be added.
// Someone the group removed (so in its removed-and-blocked list) is not
// offered until unblocked; the server would refuse them anyway (422).
// In French, at desktop and phone width.

test('Add members leaves out someone in the removed-and-blocked list (fr)', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const [owner, carol, dave] = await peopleWithChats(request, ['owner', 'carol', 'dave']);
  if (!owner || !carol || !dave) throw new Error('cast');
  const token = await tokenFor(request, owner);
  const idOf = async (who: typeof owner) =>
    (await callApi<{ id: number }>(request, await tokenFor(request, who), '/user')).id;
  const [carolId, daveId] = [await idOf(carol), await idOf(dave)];
  const group = await callApi<{ id: number }>(request, token, '/user/groups/create', {
    group_name: 'Choir',
    member_ids: [carolId],
  });
  await callApi(request, token, `/user/conversations/${group.id}/members/${carolId}/remove`, {});

  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addInitScript(() => localStorage.setItem('locale', 'fr'));
  const page = await context.newPage();
  await signInByUi(page, owner);
  await page.goto(`/chat/${group.id}`);
  await openInfo(page);
  // Carol is in the removed-and-blocked list of the panel...
  await expect(page.getByTestId(`blocked-${carol.username}`)).toBeVisible();
  await page.getByTestId('info-add-members').click();
  const dialog = page.getByTestId('add-members-dialog');
  // ...and not among the friends to add; Dave is.
  await expect(dialog.getByTestId(`pick-${daveId}`)).toBeVisible();
  await expect(dialog.getByTestId(`pick-${carolId}`)).toHaveCount(0);
  await expect(dialog).not.toContainText(carol.name);
  await screenshotBoth(page, 'add-members-blocked-fr');
  await context.close();
});
