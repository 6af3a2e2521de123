import type { StoreKind } from '../../packages/server/src/store/db';
import type { ParsedArgs } from '../lib/args';
import { boolFlag, numberFlag, stringFlag } from '../lib/args';
import { parseStoreKind } from '../lib/bench-store';
import { DEFAULT_PG_URL } from '../lib/pg';

// The tasks scenario's knobs. Defaults are issue 20's: one conversation
// with 5,000 tasks in 50 groups, the board call's p99 ≤ 10 ms. `--tiny` only
// proves the scenario runs end to end.

export interface TasksConfig {
  store: StoreKind;
  pgUrl: string;
  groups: number;
  tasks: number;
  /** Every n-th task gets `subtasks` checklist items. */
  checklistEvery: number;
  subtasks: number;
  /** Requests measured per call kind, and discarded before them. */
  samples: number;
  warmup: number;
  /** Seeding requests in flight at once. */
  seedConcurrency: number;
  targetP99Ms: number;
  tiny: boolean;
}

const DEFAULTS: TasksConfig = {
  store: 'sqlite',
  pgUrl: DEFAULT_PG_URL,
  groups: 50,
  tasks: 5_000,
  checklistEvery: 5,
  subtasks: 3,
  samples: 500,
  warmup: 50,
  seedConcurrency: 8,
  targetP99Ms: 10,
  tiny: false,
};

const TINY: TasksConfig = { ...DEFAULTS, groups: 3, tasks: 30, samples: 10, warmup: 2, tiny: true };

export function tasksConfig(args: ParsedArgs): TasksConfig {
  const base = boolFlag(args, 'tiny') ? TINY : DEFAULTS;
  const int = (name: string, fallback: number) => Math.floor(numberFlag(args, name, fallback));
  const config: TasksConfig = {
    ...base,
    store: parseStoreKind(stringFlag(args, 'store')),
    pgUrl: stringFlag(args, 'pg-url') ?? base.pgUrl,
    groups: int('groups', base.groups),
    tasks: int('tasks', base.tasks),
    samples: int('samples', base.samples),
    warmup: int('warmup', base.warmup),
    targetP99Ms: numberFlag(args, 'target-p99', base.targetP99Ms),
  };
  const problems: string[] = [];
  if (config.groups < 1 || config.groups > 100) problems.push('--groups must be 1..100');
  if (config.tasks < config.groups || config.tasks > config.groups * 1000)
    problems.push('--tasks must be --groups..1,000 × --groups');
  if (config.samples < 1 || config.samples > 100_000) problems.push('--samples must be 1..100,000');
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return config;
}
