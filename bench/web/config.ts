import type { ParsedArgs } from '../lib/args';
import { boolFlag, numberFlag, stringFlag } from '../lib/args';

// The web scenario's knobs: a user with `conversations` chats, one of which
// holds `messages` messages to scroll through. Issue 6's targets: initial JS
// ≤ 200 KB gzip, list painted ≤ 1 s cold and ≤ 300 ms from the IndexedDB
// cache, heap ≤ 150 MB after 10,000 messages. `--messages 100000` is issue
// 3's "stays smooth at 100,000 messages": frame times while scrolling up.

export interface WebConfig {
  conversations: number;
  messages: number;
  /** Page loads per condition (cold, warm, warm with a slow network); the first is a warm-up. */
  runs: number;
  /** Delay added to the list request in the "warm, slow network" condition. */
  slowNetworkMs: number;
  /** Upper bound on the scrolling phase. */
  scrollS: number;
  budgetKb: number;
  /**
   * An existing build to serve (`--dist DIR`) instead of building a private
   * copy: `npm test` passes the build it makes for the browser journeys.
   */
  dist: string | undefined;
  tiny: boolean;
}

const DEFAULTS: WebConfig = {
  conversations: 1_000,
  messages: 10_000,
  runs: 6,
  slowNetworkMs: 2_000,
  scrollS: 240,
  budgetKb: 200,
  dist: undefined,
  tiny: false,
};

const TINY: WebConfig = {
  ...DEFAULTS,
  conversations: 20,
  messages: 200,
  runs: 2,
  slowNetworkMs: 500,
  scrollS: 20,
  tiny: true,
};

export function webConfig(args: ParsedArgs): WebConfig {
  const base = boolFlag(args, 'tiny') ? TINY : DEFAULTS;
  const int = (name: string, fallback: number) => Math.floor(numberFlag(args, name, fallback));
  const config: WebConfig = {
    ...base,
    conversations: int('conversations', base.conversations),
    messages: int('messages', base.messages),
    runs: int('runs', base.runs),
    slowNetworkMs: numberFlag(args, 'slow-network-ms', base.slowNetworkMs),
    scrollS: numberFlag(args, 'scroll-seconds', base.scrollS),
    budgetKb: numberFlag(args, 'budget-kb', base.budgetKb),
    dist: stringFlag(args, 'dist'),
  };
  const problems: string[] = [];
  if (config.conversations < 2 || config.conversations > 20_000)
    problems.push('--conversations must be 2..20,000');
  if (config.messages < 100 || config.messages > 1_000_000)
    problems.push('--messages must be 100..1,000,000');
  if (config.runs < 2 || config.runs > 50) problems.push('--runs must be 2..50');
  if (config.scrollS <= 0 || config.scrollS > 900)
    problems.push('--scroll-seconds must be in (0, 900]');
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return config;
}
