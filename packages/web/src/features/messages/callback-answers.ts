import type { UserEventPayload } from '@parley/protocol/events/user-events';

// A bot's answer to this user's press of an inline button arrives as the user
// event `bot.callback_answer`, possibly before the press's HTTP reply names
// its query_id: answers are kept by query_id until someone waits for them.
// The realtime dispatcher hands them in; nothing here is state to sync.

export type CallbackAnswer = UserEventPayload<'bot.callback_answer'>;

const early = new Map<string, CallbackAnswer>();
const waiting = new Map<string, (answer: CallbackAnswer | null) => void>();

/** From the realtime dispatcher: one answer, shown once. */
export function noteCallbackAnswer(answer: CallbackAnswer): void {
  const resolve = waiting.get(answer.query_id);
  if (resolve) resolve(answer);
  else if (early.size < 50) early.set(answer.query_id, answer);
}

/** The answer to `queryId`, or null once `timeoutMs` passed without one. */
export function waitForCallbackAnswer(
  queryId: string,
  timeoutMs: number,
): Promise<CallbackAnswer | null> {
  const held = early.get(queryId);
  early.delete(queryId);
  if (held) return Promise.resolve(held);
  return new Promise((resolve) => {
    const done = (answer: CallbackAnswer | null) => {
      clearTimeout(timer);
      waiting.delete(queryId);
      resolve(answer);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    waiting.set(queryId, done);
  });
}
