import type { ParsedArgs } from './lib/args';
import { boolFlag, parseArgs } from './lib/args';
import type { Pinning } from './lib/pin';
import { pinning, reexecPinned } from './lib/pin';
import { botsConfig } from './bots/config';
import { runBots } from './bots/index';
import { connectionsConfig } from './connections/config';
import { runConnections } from './connections/index';
import { fanoutConfig } from './fanout/config';
import { runFanout } from './fanout/index';
import { historyConfig } from './history/config';
import { runHistory } from './history/index';
import { httpConfig } from './http/config';
import { runHttp } from './http/index';
import { tasksConfig } from './tasks/config';
import { runTasks } from './tasks/index';
import { runPush } from './push/index';
import { webConfig } from './web/config';
import { runWeb } from './web/index';

// `npm run bench -- <scenario> [--flags]`. The process first re-executes
// itself on core 1 (the server gets core 0), then runs one scenario and exits
// with its code: 0 ok (targets missed included), 1 lost/duplicated/errors,
// 2 bad usage, 3 watchdog.

const USAGE = `usage: npm run bench -- <scenario> [--tiny] [flags]
  fanout       [--groups N] [--members M] [--direct] [--senders S] [--rate R] [--duration S]
               [--warmup S] [--grace S] [--connections C] [--seed-concurrency K]
               [--target-p99 MS] [--cpu-prof] [--sql-timing] [--ejabberd] [--rounds N]
  connections  [--sockets N] [--workers W] [--rate R] [--hold S] [--ping-every S]
               [--server-nofile N] [--no-relay]
  history      [--store sqlite|postgres] [--pg-url URL] [--messages N] [--conversations N]
               [--user-conversations N] [--users N] [--samples N] [--warmup N]
  http         [--duration S] [--warmup S] [--connections C] [--login-duration S]
  web          [--conversations N] [--messages N] [--runs N]
  tasks        [--store sqlite|postgres] [--pg-url URL] [--groups N] [--tasks N] [--samples N]
               [--warmup N] [--target-p99 MS]
  bots         [--polls N] [--poll-timeout S] [--senders N] [--sends-per-bot N] [--concurrency C]
  push         [--members N] [--devices-per-member D] [--sends N]
See bench/README.md.`;

type Runner = (args: ParsedArgs, pin: Pinning) => Promise<number>;

const SCENARIOS: Record<string, Runner> = {
  fanout: (args, pin) =>
    runFanout(fanoutConfig(args), {
      pinning: pin,
      cpuProf: boolFlag(args, 'cpu-prof'),
      sqlTiming: boolFlag(args, 'sql-timing'),
    }),
  connections: (args, pin) => runConnections(connectionsConfig(args), pin),
  history: (args, pin) => runHistory(historyConfig(args), pin),
  http: (args, pin) => runHttp(httpConfig(args), pin),
  web: (args, pin) => runWeb(webConfig(args), pin),
  tasks: (args, pin) => runTasks(tasksConfig(args), pin),
  bots: (args, pin) => runBots(botsConfig(args), pin),
  push: (args) => runPush(args),
};

async function main(): Promise<number> {
  reexecPinned();
  const args = parseArgs(process.argv.slice(2));
  const scenario = args.positional[0] ?? 'fanout';
  if (boolFlag(args, 'help')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const run = SCENARIOS[scenario];
  if (!run) {
    process.stderr.write(`unknown scenario '${scenario}'\n${USAGE}\n`);
    return 2;
  }
  let started: Promise<number>;
  try {
    started = run(args, pinning());
  } catch (error) {
    // Config errors are thrown synchronously, before anything starts.
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  return started;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
