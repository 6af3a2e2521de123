import { expect, test } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { gradientPng } from '../support/png';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import type { Account } from '../support/users';
import { saveScreenshot } from '../support/screenshots';

// Alice attaches a picture and a PDF; Bob, in his own browser context, sees
// both, opens the picture full size and downloads the PDF byte for byte.

// Over 1 kB, so the size shows in the spec's kB format.
const PDF = Buffer.from(
  `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n% minutes of the Friday meeting ${'.'.repeat(1400)}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
);

async function signedIn(browser: Browser, account: Account, width = 1280, height = 800) {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme: 'light' });
  const page = await context.newPage();
  await signInByUi(page, account);
  return page;
}

test('pictures and files reach the other user, who opens and downloads them', async ({
  browser,
  request,
}) => {
  const alice = newAccount('alice');
  const bob = { ...newAccount('bob'), name: 'Bob Files' };
  await registerByApi(request, alice);
  await registerByApi(request, bob);

  const a = await signedIn(browser, alice);
  await a.goto(`/to/${bob.username}`);
  await expect(a).toHaveURL(/\/chat\/\d+$/);
  const picture = gradientPng(1200, 800);
  await a.getByTestId('composer-file-input').setInputFiles([
    { name: 'sunset.png', mimeType: 'image/png', buffer: picture },
    { name: 'Minutes 2026.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  // They wait in the preview dialog until sent.
  await expect(a.getByTestId('file-preview-item')).toHaveCount(2);
  await a.getByTestId('file-preview-send').click();
  // Both are sent once stored, in the order chosen; the picture's box has its shape before it loads.
  const sentImage = a.getByTestId('message-image');
  await expect(sentImage).toBeVisible();
  await expect(a.getByTestId('message-file-name')).toHaveText('Minutes 2026.pdf');
  await expect(a.getByTestId('upload-pending')).toHaveCount(0);
  await expect(a.getByTestId('tick-sending')).toHaveCount(0);

  for (const [device, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    const b = await signedIn(browser, bob, size.width, size.height);
    const row = b.locator('.conv-row', { hasText: alice.name });
    await expect(row).toContainText(/Photo|File/);
    await row.click();

    const image = b.getByTestId('message-image');
    // The box is reserved from the measured size, in whole pixels (320 × 800 / 1200 = 213.3).
    await expect(image).toHaveCSS('height', '213px');
    const thumb = image.locator('img');
    await expect(thumb).toHaveAttribute('src', /^\/api\/v1\/files\/[\w-]{22}\/thumbnail$/);
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(480);
    await expect(b.getByTestId('message-file-size')).toHaveText(
      `${(PDF.length / 1024).toFixed(2)} kB`,
    );
    await saveScreenshot(b, `files-${device}`, { animations: 'disabled' });

    if (device === 'desktop') {
      // The full-size picture, through the cookie check.
      await image.click();
      const full = b.getByTestId('image-viewer-img');
      await expect
        .poll(() => full.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(1200);
      await saveScreenshot(b, `files-viewer-${device}`);
      await b.keyboard.press('Escape');
      await expect(b.getByTestId('image-viewer')).toHaveCount(0);

      // The PDF, downloaded under its name, with the very bytes Alice sent.
      const [download] = await Promise.all([
        b.waitForEvent('download'),
        b.getByTestId('message-file-download').click(),
      ]);
      expect(download.suggestedFilename()).toBe('Minutes 2026.pdf');
      const path = await download.path();
      expect((await readFile(path)).equals(PDF)).toBe(true);
    }
    await b.context().close();
  }
  await a.context().close();
});
