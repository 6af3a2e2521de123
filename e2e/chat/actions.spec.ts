import { expect, test } from '@playwright/test';
import { callApi, tokenFor } from '../support/api';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import { saveScreenshot } from '../support/screenshots';

// Conversation actions (pin, mute, clear) from the list's right-click and the
// header's "⋯", and a pinned message shown under the header.

test('conversation actions: pin, mute, clear, pinned message', async ({ browser, request }) => {
  const alice = newAccount('alice');
  const bob = newAccount('bob');
  await registerByApi(request, alice);
  await registerByApi(request, bob);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const a = await context.newPage();
  await signInByUi(a, alice);
  const system = a.locator('.conv-row', { hasText: 'Parley' });
  await expect(system).toBeVisible();

  // Bob writes twice: his chat becomes Alice's newest, above System.
  const token = await tokenFor(request, bob);
  const direct = await callApi<{ id: number }>(request, token, '/user/conversations/direct', {
    username: alice.username,
  });
  for (const text of ['first from bob', 'second from bob']) {
    await callApi(request, token, '/user/messages', {
      conversation_id: direct.id,
      uuid: crypto.randomUUID(),
      message: text,
    });
  }
  const row = a.getByTestId(`conversation-${direct.id}`);
  await expect(row.getByTestId('unread-badge')).toHaveText('2');
  const rows = a.locator('.conv-row');
  await expect(rows.first()).toHaveAttribute('data-testid', `conversation-${direct.id}`);

  // Pin System: it moves first and shows the pinned mark.
  await system.click({ button: 'right' });
  await expect(a.getByTestId('conversation-actions')).toBeVisible();
  await a.getByTestId('conversation-action-pin').click();
  await expect(rows.first()).toContainText('Parley');
  await expect(system).toHaveAttribute('data-pinned', 'true');

  // Mute Bob's chat: its badge turns muted and leaves the global count.
  const before = await a.title();
  await row.click({ button: 'right' });
  await a.getByTestId('conversation-action-mute').click();
  await expect(row.getByTestId('unread-badge')).toHaveClass(/is-muted/);
  await expect(row).toHaveAttribute('data-muted', 'true');
  await expect(a).not.toHaveTitle(before);

  // Pin a message: the bar under the header shows it; clicking it jumps there.
  await row.click();
  const first = a.getByTestId('message').filter({ hasText: 'first from bob' });
  await first.click({ button: 'right' });
  await a.getByTestId('action-pin').click();
  await expect(a.getByTestId('pinned-bar')).toBeVisible();
  await expect(a.getByTestId('pinned-text')).toHaveText('first from bob');
  await a.getByTestId('pinned-bar').locator('.pinned-bar-open').click();
  await expect(first).toBeVisible();
  await saveScreenshot(a, 'actions-pinned-bar');

  // The header's "⋯" opens the same menu; clear history after the confirm.
  await a.getByTestId('chat-more').click();
  await expect(a.getByTestId('conversation-action-clear')).toBeVisible();
  await saveScreenshot(a, 'actions-menu');
  await a.getByTestId('conversation-action-clear').click();
  await expect(a.getByTestId('confirm-dialog')).toBeVisible();
  await a.getByTestId('confirm-ok').click();
  await expect(a.getByTestId('message')).toHaveCount(0);
  await a.reload();
  await expect(a.getByTestId('chat-open')).toBeVisible();
  await expect(a.getByTestId('message')).toHaveCount(0);

  // System shows the sign-in notice as a sentence, never its JSON.
  await system.click();
  const notice = a.getByTestId('message-text').filter({ hasText: /^New sign-in: / });
  await expect(notice).toHaveCount(1);
  await expect(notice).not.toContainText('{');
  await expect(notice).toBeVisible();
  await saveScreenshot(a, 'actions-sign-in-notice');
  await context.close();
});
