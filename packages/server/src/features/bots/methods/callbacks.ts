import { z } from 'zod';
import type { Method } from '../context';
import { bool, int } from '../params';
import type { Callbacks } from '../callbacks';

// answerCallbackQuery: the text (a toast, or an alert) and url reach the
// person who pressed the button (callbacks.ts). cache_time is accepted and ignored.

const answer = z.object({
  callback_query_id: z.string().min(1).max(64),
  text: z.string().max(200, 'MESSAGE_TOO_LONG').optional(),
  show_alert: bool().optional(),
  url: z
    .string()
    .max(2048)
    .regex(/^(https?|tg):\/\//i, 'URL_INVALID')
    .optional(),
  cache_time: int().optional(),
});

export function callbackMethods(callbacks: () => Callbacks): Record<string, Method> {
  return {
    async answerCallbackQuery(_deps, call) {
      return callbacks().answer(call.bot.id, answer.parse(call.params));
    },
  };
}
