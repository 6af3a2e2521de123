import { expect, test } from '@playwright/test';
import { ownerWithBot } from './support';
import { callApi } from '../support/api';
import { directChat } from '../support/chats';
import { sendText } from '../support/messages';
import { signInByUi } from '../support/users';
import { saveScreenshot } from '../support/screenshots';

// Issue 33, screen 11: in a group, the /commands in a bot's messages are
// tappable too, and a tap sends the command naming the bot (`/ping@name_bot`,
// as Telegram does), which reaches that bot though it is not an admin
// (privacy mode). A real grammY bot long-polls this journey's server.

test("a group member taps a /command in a bot's message and the bot answers", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const {
    owner,
    ownerToken,
    username,
    botId,
    client: bot,
  } = await ownerWithBot(request, baseURL, {
    name: 'Commands Bot',
    prefix: 'cmds',
  });

  bot.command('help', (ctx) => ctx.reply('Try /ping please'));
  bot.command('ping', (ctx) => ctx.reply('Pong from the bot'));
  const polling = bot.start({ drop_pending_updates: true });

  try {
    // The owner has a chat with the bot, so may add it; it joins at once.
    await directChat(request, owner, { ...owner, username }, ownerToken);
    const group = await callApi<{ id: number; invited: unknown[] }>(
      request,
      ownerToken,
      '/user/groups/create',
      { group_name: 'Bot corner', member_ids: [botId] },
    );
    expect(group.invited).toEqual([]);
    await sendText(request, ownerToken, group.id, '/help');

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInByUi(page, owner);
    await page.goto(`/chat/${group.id}`);
    const history = page.locator('.msg-history');
    const answer = page.getByTestId('message').filter({ hasText: 'Try /ping please' });
    await expect(answer).toBeVisible();
    // The person's own /help stays text; the bot's /ping is a button.
    const own = page
      .getByTestId('message')
      .filter({ has: page.getByTestId('message-text').getByText('/help', { exact: true }) });
    await expect(own).toBeVisible();
    await expect(own.getByTestId('bot-command')).toHaveCount(0);
    const command = answer.getByTestId('bot-command');
    await expect(command).toHaveText('/ping');
    await saveScreenshot(page, 'bot-group-command-desktop');

    await command.click();
    await expect(history.getByText(`/ping@${username}`)).toBeVisible();
    await expect(history.getByText('Pong from the bot')).toBeVisible();
    await context.close();
  } finally {
    await bot.stop();
    await polling.catch(() => undefined);
  }
});
