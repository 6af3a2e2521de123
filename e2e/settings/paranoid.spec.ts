import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { newAccount, registerByApi, signInByUi } from '../support/users';

// Settings → Security: set a passcode with a hint, turn on paranoid mode,
// reload: the lock screen shows the hint and opens only with the passcode.
// Behind the lock the app is inert and out of the accessibility tree (issue
// 33), and the wrong passcode that spends the last try says how long the
// lock holds.

test('paranoid mode locks the app behind the passcode', async ({ page, request }) => {
  const account = newAccount('para');
  await registerByApi(request, account);
  await signInByUi(page, account);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-tab-security').click();
  await expect(page.getByTestId('switch-paranoid')).toBeDisabled();

  await page.getByLabel('Passcode', { exact: true }).fill('2718');
  await page.getByLabel('Repeat the passcode').fill('2718');
  await page.getByLabel('Hint', { exact: true }).fill('e, four digits');
  await page.getByTestId('passcode-save').click();
  await expect(page.getByTestId('passcode-saved')).toBeVisible();
  await page.getByTestId('switch-paranoid').check();
  await expect(page.getByTestId('switch-paranoid')).toBeChecked();

  await page.reload();
  const lock = page.getByTestId('app-lock');
  await expect(lock).toBeVisible();
  await expect(page.getByTestId('lock-hint')).toHaveText('Hint: e, four digits');
  await expectAppHidden(page);
  await page.getByLabel('Passcode').fill('1111');
  await page.getByTestId('unlock').click();
  await expect(page.getByTestId('error-secret')).toHaveText('Wrong passcode');
  await expect(lock).toBeVisible();
  await page.getByLabel('Passcode').fill('2718');
  await page.getByTestId('unlock').click();
  await expect(lock).toHaveCount(0);
  await expect(page.getByTestId('chat-shell')).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  const chatList = page.getByRole('list', { name: 'Conversations' });
  await expect(chatList).toBeVisible();

  // Two tries spent above; three wrong ones now: the fifth says how long it locks.
  await page.reload();
  await expect(lock).toBeVisible();
  for (const wrong of ['1112', '1113']) {
    await page.getByLabel('Passcode').fill(wrong);
    await page.getByTestId('unlock').click();
    await expect(page.getByTestId('error-secret')).toHaveText('Wrong passcode');
  }
  await page.getByLabel('Passcode').fill('1114');
  await page.getByTestId('unlock').click();
  await expect(page.getByTestId('error-secret')).toHaveText(
    /^Wrong passcode\. Try again in (5 min|\d+ sec)\.$/,
  );
  await expectAppHidden(page);
});

/** The chat behind the lock: in the page, but inert, aria-hidden and out of reach. */
async function expectAppHidden(page: Page) {
  const root = page.locator('#root');
  await expect(root).toHaveAttribute('inert', '');
  await expect(root).toHaveAttribute('aria-hidden', 'true');
  // The accessibility tree holds the lock and nothing of the chat.
  const tree = await page.locator('body').ariaSnapshot();
  expect(tree).toContain('dialog');
  expect(tree).not.toMatch(/search|conversation|chat/i);
  // The chat list is in the page, yet not reachable by role.
  await expect(page.getByText('Saved Messages').first()).toBeAttached();
  await expect(page.getByRole('list', { name: 'Conversations' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveCount(0);
  // Tab goes through the lock's fields and never into the app.
  const reached = new Set<string>();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const active = document.activeElement;
      if (document.getElementById('root')?.contains(active)) return 'app';
      return active?.closest('[data-testid="app-lock"]') ? 'lock' : 'outside';
    });
    reached.add(where);
  }
  expect(reached.has('lock')).toBe(true);
  expect(reached.has('app')).toBe(false);
}
