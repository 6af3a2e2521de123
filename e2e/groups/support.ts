import { expect } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { tokenFor } from '../support/api';
import { twoWayChat } from '../support/chats';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import type { Account } from '../support/users';
import { saveScreenshot } from '../support/screenshots';
import { watchCsp } from '../support/csp';

// Helpers of the group and channel journeys.

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Signed in through the form, in a context that records CSP violations (support/csp.ts). */
export async function signedIn(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await watchCsp(context);
  const page = await context.newPage();
  await signInByUi(page, account);
  return page;
}

/**
 * Registers people; the first gets a two-way chat with each other one (each
 * wrote to them), so the first may add them to groups at once.
 */
export async function peopleWithChats(
  request: APIRequestContext,
  prefixes: string[],
): Promise<Account[]> {
  const people = prefixes.map((p) => newAccount(p));
  for (const person of people) await registerByApi(request, person);
  const [owner, ...friends] = people;
  if (!owner) throw new Error('nobody');
  const token = await tokenFor(request, owner);
  for (const friend of friends) await twoWayChat(request, owner, friend, token);
  return people;
}

/** Both widths, light (support/screenshots.ts says where). */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? DESKTOP;
  await saveScreenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await saveScreenshot(page, `${name}-phone`);
  await page.setViewportSize(size);
}

export async function openCreate(page: Page, kind: 'group' | 'channel'): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId(`new-${kind}`).click();
  await expect(page.getByTestId('create-dialog')).toBeVisible();
}

/** Opens the info panel of the open chat by its header. */
export async function openInfo(page: Page): Promise<void> {
  await page.getByTestId('chat-info-open').click();
  await expect(page.getByTestId('info-panel')).toBeVisible();
}

export async function memberAction(page: Page, username: string, action: string): Promise<void> {
  await page.getByTestId(`member-menu-${username}`).click();
  await page.getByTestId(`member-action-${action}`).click();
}

export { expect };
