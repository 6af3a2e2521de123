import type { ParsedArgs } from '../lib/args';
import { boolFlag, numberFlag, stringFlag } from '../lib/args';
import { EJABBERD_MISSING, findEjabberd } from './ejabberd-server';

// The fanout scenario's knobs. The defaults are the messaging issue's target
// on a 2-core machine: 100 members per group and 200 messages/s, i.e. 20,000
// deliveries/s, with p99 below 50 ms and nothing lost. `--tiny` is the CI
// smoke preset: it only proves the scenario still runs end to end.

export interface FanoutConfig {
  groups: number;
  members: number;
  /** Members of each group that send (round robin); the rest only receive. */
  senders: number;
  /** Aggregate messages per second over all groups. */
  rate: number;
  warmupS: number;
  durationS: number;
  /** After the last send: how long to wait for missing deliveries before counting them lost. */
  graceS: number;
  /** Parallel register/login calls while seeding (argon2 is slow by design). */
  seedConcurrency: number;
  /** Keep-alive HTTP connections the senders share. */
  connections: number;
  /** Pairs in direct (one-to-one) chats instead of groups: issue 6's "200 users in pairs". */
  direct: boolean;
  /**
   * How messages are sent: over the sender's own socket (op `send`, what the
   * web app does while connected) or by POST /user/messages (its fallback).
   */
  via: 'socket' | 'http';
  /** Also drive Debian's ejabberd with the same load and print Parley ÷ ejabberd (issue 24). */
  ejabberd: boolean;
  /**
   * Relay/Parley pairs run alternately (R P R P …); the ratios are judged by
   * their median, since one pair on a noisy machine moves ±15 %.
   */
  rounds: number;
  /** Targets: a miss is reported, but only lost/duplicated/errors fail the run. */
  targetP99Ms: number;
  tiny: boolean;
}

const DEFAULTS: FanoutConfig = {
  groups: 2,
  members: 100,
  senders: 10,
  rate: 200,
  warmupS: 3,
  durationS: 15,
  graceS: 5,
  seedConcurrency: 4,
  connections: 32,
  targetP99Ms: 50,
  rounds: 1,
  direct: false,
  ejabberd: false,
  via: 'socket',
  tiny: false,
};

const TINY: FanoutConfig = {
  ...DEFAULTS,
  groups: 1,
  members: 10,
  senders: 3,
  rate: 20,
  warmupS: 1,
  durationS: 3,
  graceS: 3,
  connections: 4,
  tiny: true,
};

/** GROUP_MEMBERS_MAX in the protocol is 200 including the owner. */
const MAX_MEMBERS = 200;

export function fanoutConfig(args: ParsedArgs): FanoutConfig {
  const base = boolFlag(args, 'tiny') ? TINY : DEFAULTS;
  const int = (name: string, fallback: number) => Math.floor(numberFlag(args, name, fallback));
  const config: FanoutConfig = {
    ...base,
    groups: int('groups', base.groups),
    members: int('members', base.members),
    senders: int('senders', base.senders),
    rate: numberFlag(args, 'rate', base.rate),
    warmupS: numberFlag(args, 'warmup', base.warmupS),
    durationS: numberFlag(args, 'duration', base.durationS),
    graceS: numberFlag(args, 'grace', base.graceS),
    seedConcurrency: int('seed-concurrency', base.seedConcurrency),
    connections: int('connections', base.connections),
    targetP99Ms: numberFlag(args, 'target-p99', base.targetP99Ms),
    rounds: numberFlag(args, 'rounds', base.rounds),
    direct: boolFlag(args, 'direct'),
    ejabberd: boolFlag(args, 'ejabberd'),
    via: stringFlag(args, 'via') === 'http' ? 'http' : 'socket',
  };
  if (config.direct) {
    // A direct chat has exactly two members; without --groups, issue 6's 200 users.
    config.members = 2;
    if (!args.flags.has('groups')) config.groups = config.tiny ? 2 : 100;
  }
  config.senders = Math.min(config.senders, config.members);
  // Bounds keep a typo from starting a run that never ends or floods the machine.
  const problems: string[] = [];
  if (config.groups < 1 || config.groups > 500) problems.push('--groups must be 1..500');
  if (config.groups * config.members > 2000)
    problems.push('at most 2,000 users (groups × members)');
  if (config.members < 2 || config.members > MAX_MEMBERS) problems.push('--members must be 2..200');
  if (config.senders < 1) problems.push('--senders must be at least 1');
  if (config.rate <= 0 || config.rate > 20_000) problems.push('--rate must be in (0, 20000]');
  if (config.durationS <= 0 || config.durationS > 600)
    problems.push('--duration must be in (0, 600]');
  if (config.warmupS > 120) problems.push('--warmup must be at most 120');
  if (config.graceS > 60) problems.push('--grace must be at most 60');
  if (config.connections < 1 || config.connections > 1024)
    problems.push('--connections must be 1..1024');
  if (!Number.isInteger(config.rounds) || config.rounds < 1 || config.rounds > 20)
    problems.push('--rounds must be a whole number 1..20');
  if (config.seedConcurrency < 1) problems.push('--seed-concurrency must be at least 1');
  const via = stringFlag(args, 'via');
  if (via !== undefined && via !== 'socket' && via !== 'http')
    problems.push('--via must be socket or http');
  if (config.ejabberd && config.via !== 'socket')
    problems.push('--ejabberd sends over sockets only (XMPP has no HTTP send): drop --via http');
  if (config.ejabberd && !findEjabberd()) problems.push(EJABBERD_MISSING);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return config;
}
