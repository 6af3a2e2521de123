import { expect, test } from '@playwright/test';
import { tokenFor } from '../support/api';
import { gradientPng } from '../support/png';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import { saveScreenshot } from '../support/screenshots';

// `/to/:username` (spec 2, public): a link to a person shows who it is —
// the name and avatar GET /api/v1/to/:username gives — and a link to nobody
// says so instead of inviting the visitor to a chat that cannot exist.

test('a signed-out visitor sees the person a link names, or that nobody has that name', async ({
  page,
  request,
}) => {
  // A real person with a picture.
  const carol = newAccount('carol');
  await registerByApi(request, carol);
  const token = await tokenFor(request, carol);
  const upload = await request.post('/api/v1/user/avatar/upload', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      avatar: { name: 'me.png', mimeType: 'image/png', buffer: gradientPng(120, 120) },
    },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  const found = await request.get(`/api/v1/to/${encodeURIComponent(carol.username)}`);
  const { user } = (await found.json()) as { user: { name: string; avatar: string | null } };
  expect(user.avatar).toBeTruthy();

  await page.goto(`/to/${carol.username}`);
  const card = page.getByTestId('direct-card');
  await expect(card.getByTestId('direct-name')).toHaveText(carol.name);
  await expect(card.getByTestId('direct-username')).toHaveText(`@${carol.username}`);
  const picture = card.locator('img.avatar-photo');
  await expect(picture).toHaveAttribute('src', user.avatar ?? '');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
  await expect(card.getByTestId('direct-open')).toHaveText('Open chat');
  await saveScreenshot(page, 'direct-person-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'direct-person-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Nobody has this name: no invitation, no "Open chat".
  const nobody = `nosuchuser${Date.now().toString(36)}`;
  await page.goto(`/to/${nobody}`);
  const missing = page.getByTestId('direct-missing');
  await expect(missing.getByRole('heading')).toHaveText('No such user');
  await expect(missing).toContainText(
    `Sorry, there is no one on Parley with the username @${nobody}.`,
  );
  await expect(page.getByText('You were invited to chat on Parley.')).toHaveCount(0);
  await expect(page.getByTestId('direct-open')).toHaveCount(0);
  await expect(missing.getByTestId('direct-leave')).toHaveAttribute('href', '/');
  await saveScreenshot(page, 'direct-missing-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'direct-missing-phone');

  // The same in Russian.
  await page.evaluate(() => localStorage.setItem('locale', 'ru'));
  await page.reload();
  await expect(page.getByTestId('direct-missing').getByRole('heading')).toHaveText(
    'Пользователь не найден',
  );
});

test('a signed-in user opening a link to nobody is told so and sent back to the chats', async ({
  page,
  request,
}) => {
  const dave = newAccount('dave');
  await registerByApi(request, dave);
  await signInByUi(page, dave);
  const nobody = `nosuchuser${Date.now().toString(36)}`;
  await page.goto(`/to/${nobody}`);
  const missing = page.getByTestId('direct-missing');
  await expect(missing.getByRole('heading')).toHaveText('No such user');
  await expect(missing.getByTestId('direct-leave')).toHaveText('Back to chats');
  await missing.getByTestId('direct-leave').click();
  await expect(page).toHaveURL(/\/chat\/?$/);
});
