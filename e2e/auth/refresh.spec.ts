import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { SignJWT } from 'jose';
import { join } from 'node:path';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import { readSigningKey } from '../support/signing-key';

test('an expired access token is refreshed silently and the request retried', async ({
  page,
  context,
  request,
}) => {
  const account = newAccount('refresh');
  await registerByApi(request, account);
  await signInByUi(page, account);
  // The chat's first requests are done before the token is swapped: one of
  // them failing meanwhile would refresh in this page, and the reload below
  // would cut that refresh off (the server's reuse grace covers the lost
  // reply; this journey is about the plain path).
  await page.waitForLoadState('networkidle');

  const before = (await context.cookies()).find((c) => c.name === 'token');
  expect(before).toBeTruthy();
  const refreshBefore = await page.evaluate(() => localStorage.getItem('refresh_token'));

  // Re-sign the same claims with an expiry in the past, with the server's own key.
  const db = new Database(join(process.env.E2E_DATA_DIR ?? '', 'parley.sqlite'), {
    readonly: true,
  });
  const key = readSigningKey(db);
  db.close();
  const claims = JSON.parse(Buffer.from(before!.value.split('.')[1]!, 'base64url').toString());
  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT({ ...claims, iat: now - 3600, exp: now - 60 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(key);
  await context.addCookies([{ ...before!, value: expired }]);

  const refreshCalls: number[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith('/api/v1/user/refresh')) refreshCalls.push(res.status());
  });
  await page.reload();
  await expect(page.getByTestId('chat-shell')).toBeVisible();
  await page.getByTestId('user-menu').click();
  await expect(page.getByText(account.name).first()).toBeVisible();

  expect(refreshCalls).toEqual([200]);
  const after = (await context.cookies()).find((c) => c.name === 'token');
  expect(after?.value).not.toBe(expired);
  expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).not.toBe(refreshBefore);
});
