import type { ParsedArgs } from '../lib/args';
import { boolFlag, numberFlag } from '../lib/args';

export interface BotsConfig {
  /** Bots long-polling at once (each its own connection). */
  polls: number;
  /** Seconds each poll asks to wait (longer than the measurement, so none returns early). */
  pollTimeout: number;
  /** Bots that send in the throughput part, and sends per bot (within the per-chat burst). */
  senders: number;
  sendsPerBot: number;
  concurrency: number;
}

export function botsConfig(args: ParsedArgs): BotsConfig {
  const tiny = boolFlag(args, 'tiny');
  return {
    polls: numberFlag(args, 'polls', tiny ? 40 : 1000),
    pollTimeout: numberFlag(args, 'poll-timeout', 20),
    senders: numberFlag(args, 'senders', tiny ? 10 : 200),
    sendsPerBot: numberFlag(args, 'sends-per-bot', tiny ? 3 : 10),
    concurrency: numberFlag(args, 'concurrency', 16),
  };
}
