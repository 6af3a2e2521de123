import { expect, test } from '@playwright/test';
import { tokenFor } from '../support/api';
import { sendFile, sendText } from '../support/messages';
import { groupByApi } from '../support/chats';
import { gradientPng } from '../support/png';
import { saveScreenshot } from '../support/screenshots';
import { newAccount, registerByApi } from '../support/users';
import { openInfo, PHONE, signedIn } from '../groups/support';

// The group's info panel shows what the chat shared: pictures as a grid that
// opens the viewer, files with download and "Show in chat", links found by the
// product's link rule; a picture sent while the panel is open appears at once.

const png = (name: string, width: number, height: number) => ({
  name,
  mimeType: 'image/png',
  buffer: gradientPng(width, height),
});
const PDF = Buffer.from(`%PDF-1.4\n% trip budget ${'.'.repeat(1500)}\n%%EOF\n`);

test('shared media, files and links in the info panel; live; show in chat', async ({
  browser,
  request,
}) => {
  const owner = newAccount('owner');
  const friend = newAccount('friend');
  await registerByApi(request, owner);
  await registerByApi(request, friend);
  const ownerToken = await tokenFor(request, owner);
  const chatId = await groupByApi(request, owner, ownerToken, 'Trip photos', [friend]);
  const friendToken = await tokenFor(request, friend);

  await sendFile(request, ownerToken, chatId, png('beach.png', 900, 600), 'The beach');
  await sendFile(request, friendToken, chatId, png('hills.png', 600, 900));
  const pdfId = await sendFile(request, friendToken, chatId, {
    name: 'Budget.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await sendText(
    request,
    ownerToken,
    chatId,
    'Tickets: https://example.org/trains_(night) and `https://code.example`',
  );
  for (let i = 0; i < 30; i += 1) await sendText(request, friendToken, chatId, `chatter ${i}`);

  const page = await signedIn(browser, owner);
  await page.goto(`/chat/${chatId}`);
  await openInfo(page);
  const section = page.getByTestId('shared-media');
  await section.scrollIntoViewIfNeeded();
  const tiles = section.getByTestId('shared-media-tile');
  await expect(tiles).toHaveCount(2);
  await saveScreenshot(page, 'shared-media-grid');

  // The newest tile is the friend's portrait; the viewer steps back to the beach.
  await tiles.first().click();
  const viewer = page.getByTestId('image-viewer');
  await expect(viewer).toBeVisible();
  await expect(page.getByTestId('image-viewer-count')).toHaveText('2 of 2');
  await page.getByTestId('image-viewer-prev').click();
  await expect(page.getByTestId('image-viewer-caption')).toHaveText('The beach');
  // Escape closes the viewer only; the panel stays.
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(page.getByTestId('info-panel')).toBeVisible();

  // Live: a picture sent now joins the grid.
  await sendFile(request, friendToken, chatId, png('sunset.png', 640, 480));
  await expect(tiles).toHaveCount(3);

  await section.getByTestId('shared-tab-links').click();
  const link = section.getByTestId('shared-link');
  await expect(link).toHaveCount(1);
  await expect(link.getByRole('link')).toHaveAttribute(
    'href',
    'https://example.org/trains_(night)',
  );
  await expect(link).toContainText('example.org');

  await section.getByTestId('shared-tab-files').click();
  const file = section.getByTestId('shared-file');
  await expect(file).toHaveCount(1);
  await expect(file).toContainText('Budget.pdf');
  await saveScreenshot(page, 'shared-media-files');

  // "Show in chat": the panel closes and the chat opens around the file's
  // message (30 newer texts: it was not on the first page) and outlines it.
  await file.getByRole('button', { name: 'Show in chat' }).click();
  await expect(page.getByTestId('info-panel')).toHaveCount(0);
  const bubble = page.locator(`[data-message-id="${pdfId}"] .msg-bubble`);
  await expect(bubble).toHaveClass(/is-highlighted/);

  // Phone width, Russian.
  await page.evaluate(() => localStorage.setItem('locale', 'ru'));
  await page.setViewportSize(PHONE);
  await page.reload();
  await openInfo(page);
  await expect(section.getByTestId('shared-tab-media')).toHaveText('Медиа');
  await section.scrollIntoViewIfNeeded();
  await expect(tiles).toHaveCount(3);
  await saveScreenshot(page, 'shared-media-phone-ru');
});
