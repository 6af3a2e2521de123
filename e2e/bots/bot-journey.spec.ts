import { expect, test } from '@playwright/test';
import { InlineKeyboard, Keyboard } from 'grammy';
import { ownerWithBot } from './support';
import { newAccount, registerByApi, signInByUi } from '../support/users';
import { saveScreenshot } from '../support/screenshots';

// Issue 21: a REAL bot, written with grammY and long-polling this journey's
// server through its Bot API (only the API root changed), and a person who
// finds it, presses Start, taps its reply keyboard and its inline button,
// and sees the bot's answer to the press.

test('a user finds a grammY bot, starts it, taps its keyboard and an inline button', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // The bot's owner makes it in My bots (here through the same API call).
  const {
    username,
    botId,
    client: bot,
  } = await ownerWithBot(request, baseURL, {
    name: 'Echo Bot',
    prefix: 'echo',
  });

  bot.command('start', (ctx) =>
    ctx.reply('Hello! Tap Ping.', {
      reply_markup: new Keyboard().text('Ping').text('Help').resized().oneTime(),
    }),
  );
  bot.hears('Ping', (ctx) =>
    ctx.reply('Pong', {
      reply_markup: new InlineKeyboard()
        .text('Press me', 'pressed')
        .url('Docs', 'https://example.org/docs'),
    }),
  );
  bot.callbackQuery('pressed', (ctx) => ctx.answerCallbackQuery({ text: 'You pressed it' }));
  await bot.api.setMyCommands([
    { command: 'start', description: 'Start over' },
    { command: 'help', description: 'What I can do' },
  ]);
  const polling = bot.start({ drop_pending_updates: true });

  try {
    const user = newAccount('user');
    await registerByApi(request, user);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInByUi(page, user);

    // Finds the bot by its username: the result carries the bot badge.
    await page.locator('input[name="search"]').fill(username);
    const found = page.getByTestId(`search-u${botId}`);
    await expect(found.getByTestId('badge-bot')).toBeVisible();
    await found.click();
    await expect(page.getByTestId('chat-title')).toHaveText('Echo Bot');
    await expect(page.getByTestId('chat-subtitle')).toHaveText('bot');

    // A new bot chat: Start (it sends /start), answered with a reply keyboard.
    await page.getByTestId('bot-start').click();
    const history = page.locator('.msg-history');
    await expect(history.getByText('Hello! Tap Ping.')).toBeVisible();
    const keyboard = page.getByTestId('custom-keyboard');
    await expect(keyboard.getByRole('button', { name: 'Ping' })).toBeVisible();
    await saveScreenshot(page, 'bot-chat-reply-keyboard-desktop');

    // The "/" menu lists the bot's commands.
    await page.getByTestId('composer-input').fill('/');
    const menu = page.getByRole('listbox', { name: 'Bot commands' });
    await expect(menu.getByRole('option')).toHaveCount(2);
    await saveScreenshot(page, 'bot-command-menu-desktop');
    await page.keyboard.press('Escape');
    await page.getByTestId('composer-input').fill('');

    // A tap sends the text; one_time folds the keyboard.
    await keyboard.getByRole('button', { name: 'Ping' }).click();
    await expect(history.getByText('Pong')).toBeVisible();
    await expect(keyboard.getByRole('button', { name: 'Ping' })).toHaveCount(0);

    // The inline button: progress, then the bot's answer as a toast.
    const inline = page.getByTestId('inline-keyboard').last();
    await expect(inline.getByRole('button', { name: /Docs/ })).toBeVisible();
    await saveScreenshot(page, 'bot-chat-inline-desktop');
    await inline.getByRole('button', { name: 'Press me' }).click();
    await expect(page.getByText('You pressed it')).toBeVisible();

    // A url button asks first and shows where it goes.
    await inline.getByRole('button', { name: /Docs/ }).click();
    const ask = page.getByRole('alertdialog', { name: 'Open this link?' });
    await expect(ask.getByTestId('bot-url')).toHaveText('https://example.org/docs');
    await ask.getByRole('button', { name: 'Cancel' }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'bot-chat-inline-phone');
    await context.close();
  } finally {
    await bot.stop();
    await polling.catch(() => undefined);
  }
});
