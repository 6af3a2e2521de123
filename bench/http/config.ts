import type { ParsedArgs } from '../lib/args';
import { boolFlag, numberFlag } from '../lib/args';

// The http scenario's knobs: how long autocannon drives each endpoint, with
// how many keep-alive connections. Login has its own (smaller) settings,
// since every sign-in is one argon2 verification by design.

export interface HttpConfig {
  warmupS: number;
  durationS: number;
  connections: number;
  loginDurationS: number;
  loginConnections: number;
  /** Chats of the measuring user (its list page holds up to 50). */
  chats: number;
  tiny: boolean;
}

const DEFAULTS: HttpConfig = {
  warmupS: 2,
  durationS: 10,
  connections: 16,
  loginDurationS: 10,
  loginConnections: 4,
  chats: 30,
  tiny: false,
};

const TINY: HttpConfig = {
  ...DEFAULTS,
  warmupS: 0.5,
  durationS: 1,
  connections: 4,
  loginDurationS: 1,
  loginConnections: 2,
  chats: 3,
  tiny: true,
};

export function httpConfig(args: ParsedArgs): HttpConfig {
  const base = boolFlag(args, 'tiny') ? TINY : DEFAULTS;
  const config: HttpConfig = {
    ...base,
    warmupS: numberFlag(args, 'warmup', base.warmupS),
    durationS: numberFlag(args, 'duration', base.durationS),
    connections: Math.floor(numberFlag(args, 'connections', base.connections)),
    loginDurationS: numberFlag(args, 'login-duration', base.loginDurationS),
    loginConnections: Math.floor(numberFlag(args, 'login-connections', base.loginConnections)),
    chats: Math.floor(numberFlag(args, 'chats', base.chats)),
  };
  const problems: string[] = [];
  if (config.durationS <= 0 || config.durationS > 300)
    problems.push('--duration must be in (0, 300]');
  if (config.warmupS > 60) problems.push('--warmup must be at most 60');
  if (config.loginDurationS <= 0 || config.loginDurationS > 300)
    problems.push('--login-duration must be in (0, 300]');
  if (config.connections < 1 || config.connections > 1000)
    problems.push('--connections must be 1..1000');
  if (config.loginConnections < 1 || config.loginConnections > 100)
    problems.push('--login-connections must be 1..100');
  if (config.chats < 1 || config.chats > 200) problems.push('--chats must be 1..200');
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return config;
}
