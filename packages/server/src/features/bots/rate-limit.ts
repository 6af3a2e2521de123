// Per-bot send limits in Telegram's spirit: about 30 messages a second per
// bot, one a second per chat (with a short burst), 20 a minute per group.
// Token buckets in this process's memory: behind several nodes a bot may
// get up to that many times the rate, which only matters for abuse, and
// the HTTP layer's Redis limits still bound each address.

export interface Bucket {
  /** Sends allowed at once. */
  burst: number;
  /** Sends regained per second. */
  perSecond: number;
}

export interface BotRateLimits {
  perBot: Bucket;
  perChat: Bucket;
  perGroup: Bucket;
}

export const DEFAULT_BOT_RATE_LIMITS: BotRateLimits = {
  perBot: { burst: 30, perSecond: 30 },
  perChat: { burst: 10, perSecond: 1 },
  perGroup: { burst: 20, perSecond: 20 / 60 },
};

/** Past this many buckets the idle ones are forgotten (a full bucket is the same as none). */
const MAX_BUCKETS = 100_000;

interface State {
  tokens: number;
  at: number;
}

export function createBotRateLimiter(limits: BotRateLimits, clock: () => number = Date.now) {
  const buckets = new Map<string, State>();

  function level(key: string, bucket: Bucket, now: number): State {
    const held = buckets.get(key);
    if (!held) return { tokens: bucket.burst, at: now };
    const tokens = Math.min(
      bucket.burst,
      held.tokens + ((now - held.at) / 1000) * bucket.perSecond,
    );
    return { tokens, at: now };
  }

  function prune(now: number): void {
    if (buckets.size < MAX_BUCKETS) return;
    for (const [key, state] of buckets) {
      if (now - state.at > 60_000) buckets.delete(key);
    }
    if (buckets.size >= MAX_BUCKETS) buckets.clear();
  }

  return {
    /**
     * Takes one send from the bot's, the chat's (or group's) buckets, or none
     * when any is empty: then the seconds until all have one again.
     */
    take(botId: number, chatId: number, group: boolean): number | null {
      const now = clock();
      const checks: [string, Bucket][] = [
        [`b:${botId}`, limits.perBot],
        [`c:${botId}:${chatId}`, group ? limits.perGroup : limits.perChat],
      ];
      const states = checks.map(([key, bucket]) => ({
        key,
        bucket,
        state: level(key, bucket, now),
      }));
      const wait = Math.max(
        0,
        ...states.map(({ bucket, state }) =>
          state.tokens >= 1 ? 0 : (1 - state.tokens) / bucket.perSecond,
        ),
      );
      if (wait > 0) return Math.max(1, Math.ceil(wait));
      prune(now);
      for (const { key, state } of states) buckets.set(key, { tokens: state.tokens - 1, at: now });
      return null;
    },
  };
}

export type BotRateLimiter = ReturnType<typeof createBotRateLimiter>;
