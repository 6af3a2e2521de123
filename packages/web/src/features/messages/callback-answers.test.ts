import { describe, expect, it, vi } from 'vitest';
import { noteCallbackAnswer, waitForCallbackAnswer } from './callback-answers';

const answer = (query_id: string) => ({
  conversation_id: 1,
  message_id: 2,
  query_id,
  text: 'Done',
  show_alert: false,
  url: null,
});

describe('callback answers (bot.callback_answer)', () => {
  it('hands an answer to the press waiting for it', async () => {
    const waiting = waitForCallbackAnswer('q1', 1000);
    noteCallbackAnswer(answer('q1'));
    await expect(waiting).resolves.toEqual(answer('q1'));
  });

  it('keeps an answer that came before the press knew its query id', async () => {
    noteCallbackAnswer(answer('q2'));
    await expect(waitForCallbackAnswer('q2', 1000)).resolves.toEqual(answer('q2'));
    // shown once: a second wait gets nothing
    vi.useFakeTimers();
    const again = waitForCallbackAnswer('q2', 50);
    vi.advanceTimersByTime(60);
    await expect(again).resolves.toBeNull();
    vi.useRealTimers();
  });

  it('gives up quietly when the bot does not answer', async () => {
    vi.useFakeTimers();
    const waiting = waitForCallbackAnswer('q3', 15_000);
    vi.advanceTimersByTime(15_001);
    await expect(waiting).resolves.toBeNull();
    noteCallbackAnswer(answer('q3')); // too late: kept, harmless
    vi.useRealTimers();
  });
});
