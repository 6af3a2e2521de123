import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus';
import { channels } from '../bus/bus';
import type { TypingBusMessage } from './bus-messages';
import { logRoundFailure } from '../store/unavailable';

// One socket's typing state: which conversations it is typing in, each with
// an expiry. A repeated `start` only refreshes the timer; a `stop` is relayed
// only after a start; an expired start becomes a `stop` relayed by the server.

export class TypingState {
  private readonly running = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly deps: { bus: Bus; log: FastifyBaseLogger; typingExpiryMs: number },
    private readonly userId: number,
  ) {}

  isTyping(conversationId: number): boolean {
    return this.running.has(conversationId);
  }

  start(conversationId: number): void {
    const running = this.running.get(conversationId);
    if (running) clearTimeout(running);
    else this.publish(conversationId, 'start');
    this.running.set(
      conversationId,
      setTimeout(() => this.stop(conversationId), this.deps.typingExpiryMs),
    );
  }

  stop(conversationId: number): void {
    const running = this.running.get(conversationId);
    if (!running) return;
    clearTimeout(running);
    this.running.delete(conversationId);
    this.publish(conversationId, 'stop');
  }

  /** A closing socket stops its typing everywhere. */
  stopAll(): void {
    for (const id of [...this.running.keys()]) this.stop(id);
  }

  private publish(conversationId: number, state: 'start' | 'stop'): void {
    const message: TypingBusMessage = {
      kind: 'typing',
      conversation_id: conversationId,
      user_id: this.userId,
      state,
    };
    this.deps.bus.publish(channels.conversation(conversationId), message).catch((error) => {
      logRoundFailure(this.deps.log, 'realtime: typing publish', error);
    });
  }
}
