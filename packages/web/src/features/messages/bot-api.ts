import { CALLBACK_ANSWER_WAIT_MS } from '@parley/protocol/bot';
import type { BotCommand } from '@parley/protocol/bot';
import type { LocaleCode } from '@parley/protocol/locales';
import { botRoutes } from '@parley/protocol/http/bot-routes';
import { call } from '../../api/http';
import { waitForCallbackAnswer } from './callback-answers';
import type { CallbackAnswer } from './callback-answers';

// A chat's calls about its bots, loaded on first use (an inline button's
// press, the "/" menu) so the bot schemas stay out of the chat's first load.

/**
 * Presses a callback button of a bot's message and waits for the bot's
 * answer; null when the bot did not answer in time (nothing to show).
 * Throws the ApiError of a refused press (e.g. the button is gone).
 */
export async function pressCallbackButton(
  messageId: number,
  data: string,
): Promise<CallbackAnswer | null> {
  const { query_id } = await call(botRoutes.pressCallback, {
    params: { id: messageId },
    body: { data },
    silent: true,
  });
  return waitForCallbackAnswer(query_id, CALLBACK_ANSWER_WAIT_MS);
}

/** Bots learn the language the app shows (@ParleyBot answers in it; others see from.language_code). */
export async function tellBotsLanguage(locale: LocaleCode): Promise<void> {
  await call(botRoutes.botLanguage, { body: { locale }, silent: true });
}

/** The conversation's bot commands for the "/" menu (none when it has no bot). */
export async function fetchBotCommands(conversationId: number): Promise<BotCommand[]> {
  const reply = await call(botRoutes.botCommands, {
    params: { id: conversationId },
    silent: true,
  });
  return reply.commands;
}
