import { boolFlag, parseArgs } from './lib/args';
import { pinning, reexecPinned } from './lib/pin';
import { fanoutConfig } from './fanout/config';
import { runFanout } from './fanout/index';

// `npm run bench -- <scenario> [--flags]`. The process first re-executes
// itself on core 1 (the server gets core 0), then runs one scenario and exits
// with its code: 0 ok (targets missed included), 1 lost/duplicated/errors,
// 2 bad usage, 3 watchdog.

const USAGE = `usage: npm run bench -- fanout [--tiny] [--groups N] [--members M] [--senders S]
         [--rate R] [--duration S] [--warmup S] [--grace S] [--connections C]
         [--seed-concurrency K] [--target-p99 MS] [--cpu-prof]
See bench/README.md.`;

async function main(): Promise<number> {
  reexecPinned();
  const args = parseArgs(process.argv.slice(2));
  const scenario = args.positional[0] ?? 'fanout';
  if (boolFlag(args, 'help')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  switch (scenario) {
    case 'fanout': {
      let config;
      try {
        config = fanoutConfig(args);
      } catch (error) {
        process.stderr.write(
          `${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`,
        );
        return 2;
      }
      return runFanout(config, { pinning: pinning(), cpuProf: boolFlag(args, 'cpu-prof') });
    }
    default:
      process.stderr.write(`unknown scenario '${scenario}'\n${USAGE}\n`);
      return 2;
  }
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
