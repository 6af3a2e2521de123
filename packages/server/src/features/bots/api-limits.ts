import type { FastifyInstance } from 'fastify';
import type { RateLimitRule } from '../../config';
import { keyedCounter } from '../../http/rate-limit';

// The Bot API's abuse limits, on the server's own counters (http/rate-limit.ts
// keyedCounter over @fastify/rate-limit: in Redis when REDIS_URL is set, so they
// hold across nodes; in memory on one node):
// - wrong tokens per client address: past the limit every call from that
//   address is refused for the rest of the window, a right token too, so
//   guessing gains nothing;
// - sendChatAction per bot per chat (each one is relayed to every member);
// - inline-button presses per person (each one is an update for a bot).
// Past any of them: 429 with Retry-After (and retry_after in the Bot API's body).

export interface BotApiLimits {
  wrongTokenPerAddress: RateLimitRule;
  chatActionPerChat: RateLimitRule;
  pressPerUser: RateLimitRule;
}

export const DEFAULT_BOT_API_LIMITS: BotApiLimits = {
  // A bot given a wrong token stops at its first 401; 20 a minute leaves
  // room for a few misconfigured bots behind one address.
  wrongTokenPerAddress: { max: 20, windowSeconds: 60 },
  // One action lasts 5 s; a bot that sends one before each reply needs few.
  chatActionPerChat: { max: 10, windowSeconds: 10 },
  // Quick taps through a menu stay well inside it.
  pressPerUser: { max: 20, windowSeconds: 10 },
};

/** Seconds to wait, or null: allowed. */
type Check = (key: string) => Promise<number | null>;

interface Counter {
  /** Counts one use: the wait when this use went past the limit. */
  count: Check;
  /** Counts nothing: the wait when no use is left. */
  peek: Check;
}

export interface BotApiLimiters {
  wrongToken: Counter;
  chatAction: Check;
  press: Check;
}

/**
 * The limiters, usable once install() was given the app (the Bot API's
 * routes do it as they register); until then nothing is counted.
 */
export function createBotApiLimiters(limits: BotApiLimits) {
  let made: BotApiLimiters | null = null;
  const open: Check = async () => null;
  return {
    install(app: FastifyInstance): void {
      if (made) return;
      const counter = (name: string, rule: RateLimitRule) => keyedCounter(app, name, rule);
      made = {
        wrongToken: counter('bot-token-ip', limits.wrongTokenPerAddress),
        chatAction: counter('bot-action', limits.chatActionPerChat).count,
        press: counter('bot-press', limits.pressPerUser).count,
      };
    },
    get wrongToken(): Counter {
      return made?.wrongToken ?? { count: open, peek: open };
    },
    get chatAction(): Check {
      return made?.chatAction ?? open;
    },
    get press(): Check {
      return made?.press ?? open;
    },
  };
}

export type BotApiLimitersHandle = ReturnType<typeof createBotApiLimiters>;
