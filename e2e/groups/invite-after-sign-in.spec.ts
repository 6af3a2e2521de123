import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { groupByApi } from '../support/chats';
import { newAccount, registerByApi } from '../support/users';
import type { Account } from '../support/users';
import { saveScreenshot } from '../support/screenshots';
import { DESKTOP } from './support';

// Issue 23: an invite link opened while signed out goes to the landing
// (spec 2: the join route needs a credential), which remembers it in
// `?next=`; after signing in or registering there the visitor is back on the
// invite, not on the chat list, and joins. A `next` that leads off the app
// (`//host`, `https:`, `javascript:`) is ignored: the visitor lands on /chat.

async function inviteLink(request: Parameters<typeof groupByApi>[0], name: string) {
  const owner = newAccount('host');
  await registerByApi(request, owner);
  const token = await tokenFor(request, owner);
  const groupId = await groupByApi(request, owner, token, name, []);
  const reply = await callApi<{ invitation_token: string | null }>(
    request,
    token,
    `/user/conversations/${groupId}/invitation`,
    {},
  );
  if (!reply.invitation_token) throw new Error('no invitation token');
  return { groupId, path: `/conversations/join/${reply.invitation_token}` };
}

async function signInHere(page: Page, account: Account): Promise<void> {
  await page.getByTestId('tab-login').click();
  await page.locator('input[name="login"]').fill(account.login);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByTestId('submit-login').click();
}

test('a signed-out visitor opens an invite, signs in, lands on it and joins', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const { groupId, path } = await inviteLink(request, 'Night owls');
  const visitor = newAccount('owl');
  await registerByApi(request, visitor);

  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(path);
  // The landing, remembering where the visitor was going.
  await expect(page.getByTestId('tab-login')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(new URL(page.url()).searchParams.get('next')).toBe(path);

  await signInHere(page, visitor);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByTestId('preview-name')).toHaveText('Night owls');
  await saveScreenshot(page, 'invite-after-sign-in-desktop');
  await page.getByTestId('join-button').click();
  await expect(page).toHaveURL(new RegExp(`/chat/${groupId}$`));
  await expect(page.getByTestId('chat-title')).toHaveText('Night owls');
  await context.close();
});

test('a visitor who registers from an invite lands back on it', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const { path } = await inviteLink(request, 'Early birds');
  const account = newAccount('bird');

  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(path);
  await page.getByTestId('tab-register').click();
  await page.locator('input[name="name"]').fill(account.name);
  await page.locator('input[name="username"]').fill(account.username);
  await page.locator('input[name="login"]').fill(account.login);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByTestId('submit-register').click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByTestId('preview-name')).toHaveText('Early birds');
  await context.close();
});

test('a hostile next is ignored: the visitor lands on /chat', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const visitor = newAccount('wary');
  await registerByApi(request, visitor);
  for (const next of ['//evil.example/x', 'https://evil.example/', 'javascript:alert(1)']) {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`/?next=${encodeURIComponent(next)}`);
    const origin = new URL(page.url()).origin;
    await signInHere(page, visitor);
    await expect(page).toHaveURL(/\/chat\/?$/);
    await expect(page.getByTestId('chat-shell')).toBeVisible();
    expect(new URL(page.url()).origin).toBe(origin);
    await context.close();
  }
});
