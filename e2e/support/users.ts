import { expect, type APIRequestContext, type Page } from '@playwright/test';

let counter = 0;

/** A fresh, unique account for one journey (usernames allow latin letters, digits and spaces). */
export function newAccount(prefix = 'user') {
  counter += 1;
  // The process id keeps two Playwright workers' accounts apart.
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}${Math.floor(Math.random() * 1e3)}`;
  return {
    name: `${prefix} ${tag}`.slice(0, 60),
    username: `${prefix}${tag}`.slice(0, 30),
    login: `${prefix}-${tag}@example.test`,
    password: `pw-${tag}`,
  };
}

export type Account = ReturnType<typeof newAccount>;

/** The double-submit CSRF pair: a GET sets the cookie, the header echoes it. */
async function csrfHeader(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.get('/api/v1/health');
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  expect(res.ok()).toBeTruthy();
  return cookie ? { 'X-CSRF-TOKEN': cookie.value } : {};
}

/** Registers through the API (for journeys that are not about registration). */
export async function registerByApi(request: APIRequestContext, account: Account): Promise<void> {
  const headers = await csrfHeader(request);
  const res = await request.post('/api/v1/register', { data: account, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs in through the UI form on `/`. */
export async function signInByUi(page: Page, account: Account): Promise<void> {
  await page.goto('/');
  await page.getByTestId('tab-login').click();
  await page.locator('input[name="login"]').fill(account.login);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByTestId('submit-login').click();
  await expect(page).toHaveURL(/\/chat\/?$/);
  await expect(page.getByTestId('chat-shell')).toBeVisible();
}
