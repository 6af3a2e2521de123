import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { senderNameColor } from '@parley/protocol/rules/avatar-color';
import { callApi, tokenFor } from '../support/api';
import { expectNoCspViolations } from '../support/csp';
import { SCREENSHOTS_DIR } from '../support/screenshots';
import type { Account } from '../support/users';
import { DESKTOP, PHONE, expect, peopleWithChats, signedIn } from './support';

// Issue 23: a group's service lines ("Alice added Carol", "Dave left the
// group"…) reach another member's open chat live, stay after a reload, and
// show in the chat list; others' names are in their own colour above a run
// and their avatar sits beside its last bubble. Screens at both widths, in
// the four locales, light and dark (SHOTS_DIR, else e2e/screenshots).

const SHOTS = process.env.SHOTS_DIR ?? SCREENSHOTS_DIR;

/** "rgb(r, g, b)" of a #rrggbb colour, as getComputedStyle reports it. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

test('service lines, sender colours and avatars in a group', async ({ browser, request }) => {
  // Four accounts, a dozen changes and sixteen screens on a shared machine.
  test.setTimeout(180_000);
  const [alice, bob, carol, dave] = await peopleWithChats(request, [
    'alice',
    'bob',
    'carol',
    'dave',
  ]);
  if (!alice || !bob || !carol || !dave) throw new Error('accounts');
  const token = new Map<Account, string>();
  const id = new Map<Account, number>();
  for (const who of [alice, bob, carol, dave]) {
    token.set(who, await tokenFor(request, who));
    id.set(who, (await callApi<{ id: number }>(request, token.get(who) ?? '', '/user')).id);
  }
  const as = <T>(who: Account, path: string, data: unknown = {}) =>
    callApi<T>(request, token.get(who) ?? '', path, data);
  const say = (who: Account, text: string) =>
    as(who, '/user/messages', { conversation_id: groupId, uuid: randomUUID(), message: text });

  const group = await as<{ id: number }>(alice, '/user/groups/create', {
    group_name: 'Trip',
    member_ids: [id.get(bob)],
  });
  const groupId = group.id;

  // Bob has the group open while the others change it.
  const b = await signedIn(browser, bob);
  await b.goto(`/chat/${groupId}`);
  const lines = b.getByTestId('group-notice');
  await expect(lines.last()).toHaveText(`${alice.name} created the group “Trip”`);

  await as(alice, `/user/conversations/${groupId}/members`, { user_ids: [id.get(carol)] });
  await expect(lines.last()).toHaveText(`${alice.name} added ${carol.name}`);
  await say(carol, 'Hi all! Who brings the tent?');
  await say(carol, 'I can bring the stove.');
  await say(alice, 'I have a tent.');

  const invite = await as<{ invitation_token: string }>(
    alice,
    `/user/conversations/${groupId}/invitation`,
  );
  await as(dave, `/conversations/join/${invite.invitation_token}`);
  await expect(lines.last()).toHaveText(`${dave.name} joined the group`);
  await say(dave, 'Count me in');

  await as(alice, `/user/conversations/${groupId}/edit`, { name: 'Trip 2026' });
  await expect(lines.last()).toHaveText(`${alice.name} changed the group name to “Trip 2026”`);
  await say(carol, 'Nice name');

  await as(dave, '/user/groups/leave', { conversation_id: groupId });
  await expect(lines.last()).toHaveText(`${dave.name} left the group`);
  await as(alice, `/user/conversations/${groupId}/members/${id.get(carol)}/remove`);
  await expect(lines.last()).toHaveText(`${alice.name} removed ${carol.name}`);

  // The chat list says the newest line, with no "Name:" before it.
  await expect(
    b.getByTestId(`conversation-${groupId}`).getByTestId('conversation-preview'),
  ).toHaveText(`${alice.name} removed ${carol.name}`);

  // After a reload: every line, in order.
  const all = [
    `${alice.name} created the group “Trip”`,
    `${alice.name} added ${carol.name}`,
    `${dave.name} joined the group`,
    `${alice.name} changed the group name to “Trip 2026”`,
    `${dave.name} left the group`,
    `${alice.name} removed ${carol.name}`,
  ];
  await b.reload();
  await expect(lines).toHaveText(all);
  await expectSenders(b, { alice, carol, dave }, id);
  await screens(b, 'en');

  for (const locale of ['ru', 'fr', 'am'] as const) {
    await b.evaluate((l) => localStorage.setItem('locale', l), locale);
    await b.reload();
    await expect(lines).toHaveCount(all.length);
    if (locale === 'ru') {
      await expect(lines.last()).toHaveText(`${alice.name} удалил(а) ${carol.name}`);
    }
    await screens(b, locale);
  }
  await b.evaluate(() => localStorage.setItem('locale', 'en'));
  await expectNoCspViolations(b);
});

/**
 * Runs (top to bottom): Carol's two; Alice's "I have a tent."; Dave's "Count me
 * in"; Carol's "Nice name". Each run's first bubble names its sender
 * in their colour and its last carries their avatar; Bob's own carry none.
 */
async function expectSenders(
  page: Page,
  people: { alice: Account; carol: Account; dave: Account },
  id: Map<Account, number>,
): Promise<void> {
  const names = page.getByTestId('message-sender');
  await expect(names).toHaveText([
    people.carol.name,
    people.alice.name,
    people.dave.name,
    people.carol.name,
  ]);
  await page.emulateMedia({ colorScheme: 'light' });
  const carolColor = senderNameColor(id.get(people.carol) ?? 0);
  await expect(names.first()).toHaveCSS('color', rgb(carolColor.light));
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(names.first()).toHaveCSS('color', rgb(carolColor.dark));
  await page.emulateMedia({ colorScheme: 'light' });
  // One avatar per run, beside its last bubble.
  const avatars = page.locator('.msg-authored.is-bottom .avatar');
  await expect(avatars).toHaveCount(4);
  const lastOfCarolsRun = page.locator('.msg-item', { hasText: 'I can bring the stove.' });
  await expect(lastOfCarolsRun.locator('.avatar')).toHaveAttribute('title', people.carol.name);
  const firstOfCarolsRun = page.locator('.msg-item', { hasText: 'Who brings the tent?' });
  await expect(firstOfCarolsRun.locator('.avatar')).toHaveCount(0);
}

/** Desktop and phone, light and dark, into SHOTS as service-lines-<locale>-<theme>-<width>. */
async function screens(page: Page, locale: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      await page.waitForTimeout(200);
      await page.screenshot({
        path: join(SHOTS, `service-lines-${locale}-${scheme}-${width}.png`),
      });
    }
  }
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: 'light' });
}
