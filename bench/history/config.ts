import type { StoreKind } from '../../packages/server/src/store/db';
import type { ParsedArgs } from '../lib/args';
import { boolFlag, numberFlag, stringFlag } from '../lib/args';
import { parseStoreKind } from '../lib/bench-store';
import { DEFAULT_PG_URL } from '../lib/pg';

// The history scenario's knobs. Defaults are issue 6's: 1,000,000 messages in
// 10,000 conversations, the measured user in 2,000 of them, every query
// p99 ≤ 10 ms. `--tiny` only proves the scenario runs end to end.

export interface HistoryConfig {
  store: StoreKind;
  pgUrl: string;
  messages: number;
  conversations: number;
  /** Conversations the measured user belongs to. */
  userConversations: number;
  /** Other users (members of the conversations). */
  users: number;
  /** Conversations of the measured user that hold `bigShare` of all messages (deep history). */
  bigConversations: number;
  bigShare: number;
  /** Requests per query kind, measured; and discarded before them. */
  samples: number;
  warmup: number;
  targetP99Ms: number;
  seed: number;
  /** Leave the seeded store behind (for EXPLAIN); its location is printed. */
  keep: boolean;
  tiny: boolean;
}

const DEFAULTS: HistoryConfig = {
  store: 'sqlite',
  pgUrl: DEFAULT_PG_URL,
  messages: 1_000_000,
  conversations: 10_000,
  userConversations: 2_000,
  users: 3_000,
  bigConversations: 10,
  bigShare: 0.4,
  samples: 1_000,
  warmup: 100,
  targetP99Ms: 10,
  seed: 6,
  keep: false,
  tiny: false,
};

const TINY: HistoryConfig = {
  ...DEFAULTS,
  messages: 3_000,
  conversations: 60,
  userConversations: 20,
  users: 40,
  bigConversations: 2,
  samples: 20,
  warmup: 5,
  tiny: true,
};

export function historyConfig(args: ParsedArgs): HistoryConfig {
  const base = boolFlag(args, 'tiny') ? TINY : DEFAULTS;
  const int = (name: string, fallback: number) => Math.floor(numberFlag(args, name, fallback));
  const config: HistoryConfig = {
    ...base,
    store: parseStoreKind(stringFlag(args, 'store')),
    pgUrl: stringFlag(args, 'pg-url') ?? base.pgUrl,
    messages: int('messages', base.messages),
    conversations: int('conversations', base.conversations),
    userConversations: int('user-conversations', base.userConversations),
    users: int('users', base.users),
    bigConversations: int('big-conversations', base.bigConversations),
    bigShare: numberFlag(args, 'big-share', base.bigShare),
    samples: int('samples', base.samples),
    warmup: int('warmup', base.warmup),
    targetP99Ms: numberFlag(args, 'target-p99', base.targetP99Ms),
    keep: boolFlag(args, 'keep'),
  };
  const problems: string[] = [];
  if (config.messages < 100 || config.messages > 5_000_000)
    problems.push('--messages must be 100..5,000,000');
  if (config.conversations < 2 || config.conversations > 100_000)
    problems.push('--conversations must be 2..100,000');
  if (config.userConversations < 1 || config.userConversations > config.conversations)
    problems.push('--user-conversations must be 1..--conversations');
  if (config.users < 10 || config.users > 100_000) problems.push('--users must be 10..100,000');
  // The user's direct chats each need their own partner.
  if (config.users < config.userConversations)
    problems.push('--users must be ≥ --user-conversations');
  if (config.bigConversations < 1 || config.bigConversations > config.userConversations)
    problems.push('--big-conversations must be 1..--user-conversations');
  if (config.bigShare < 0 || config.bigShare > 0.9) problems.push('--big-share must be 0..0.9');
  if (config.samples < 1 || config.samples > 100_000) problems.push('--samples must be 1..100,000');
  if (config.warmup > 10_000) problems.push('--warmup must be at most 10,000');
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return config;
}
