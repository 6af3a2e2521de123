import { resolve } from 'node:path';
import { parseArgs, numberFlag, stringFlag } from '../lib/args';
import { chatBundle, kb } from '../lib/bundle';
import { REPO_ROOT } from '../lib/server';

// The bundle-size budget (issue 6): the chat screen's initial JS must stay
// within 200 KB gzip. `node --import tsx bench/web/budget.ts [--dist DIR]
// [--max-kb N]` reads the built app (it does not build it) and exits 1 when
// the budget is exceeded, 2 when the build is missing or unreadable.

const args = parseArgs(process.argv.slice(2));
const dist = resolve(stringFlag(args, 'dist') ?? `${REPO_ROOT}/packages/web/dist`);
const maxKb = numberFlag(args, 'max-kb', 200);

let report;
try {
  report = chatBundle(dist);
} catch (error) {
  process.stderr.write(
    `bundle budget: cannot read the build in ${dist}: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(2);
}
for (const f of [...report.js, ...report.css]) {
  process.stdout.write(`  ${f.path.padEnd(48)} ${String(kb(f.gzip)).padStart(8)} KB gzip\n`);
}
const over = kb(report.jsGzip) > maxKb;
process.stdout.write(
  `chat screen initial JS ${kb(report.jsGzip)} KB gzip (budget ${maxKb} KB), CSS ${kb(report.cssGzip)} KB gzip: ${over ? 'OVER BUDGET' : 'within budget'}\n`,
);
process.exit(over ? 1 : 0);
