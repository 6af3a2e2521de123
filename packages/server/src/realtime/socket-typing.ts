import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerFrame } from '@parley/protocol/realtime';
import type { Bus } from '../bus/bus';
import type { KeyedLimiter } from '../http/rate-limit';
import { logRoundFailure } from '../store/unavailable';
import type { Database } from '../store/types';
import * as q from './queries';
import { TypingState } from './typing';

/**
 * One socket's typing frames. Typing is posting's shadow: only those who may
 * post (a channel's subscribers may not) show it. One indexed read per
 * start; starts and stops stay in order through one chain per socket.
 */
export class SocketTyping {
  private chain: Promise<void> = Promise.resolve();
  private state: TypingState | null = null;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      bus: Bus;
      log: FastifyBaseLogger;
      typingExpiryMs: number;
      limitTyping: KeyedLimiter;
    },
    private readonly userId: number,
    private readonly socket: {
      send: (frame: ServerFrame) => void;
      /** The socket still follows the conversation (a leave may have come meanwhile). */
      follows: (conversationId: number) => boolean;
    },
  ) {}

  onFrame(conversationId: number, state: 'start' | 'stop'): void {
    this.chain = this.chain.then(async () => {
      if (state === 'stop') return this.state?.stop(conversationId);
      try {
        if (!(await q.mayPost(this.deps.db, this.userId, conversationId))) {
          return this.socket.send({ op: 'error', message: 'You cannot post here.' });
        }
        if (!this.socket.follows(conversationId)) return;
        this.state ??= new TypingState(this.deps, this.userId);
        // A start that only refreshes a running one is free; a new one is
        // counted, and one over the budget is dropped (so is its stop: a
        // stop is relayed only after a relayed start).
        if (!this.state.isTyping(conversationId)) {
          const key = `${this.userId}:${conversationId}`;
          if ((await this.deps.limitTyping(key)) !== null) return;
        }
        this.state.start(conversationId);
      } catch (error) {
        logRoundFailure(this.deps.log, 'realtime: typing check', error);
      }
    });
  }

  stop(conversationId: number): void {
    this.state?.stop(conversationId);
  }

  stopAll(): void {
    this.state?.stopAll();
  }
}
