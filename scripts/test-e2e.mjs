// `npm run test:e2e [-- playwright args]`: the browser journeys alone, on a
// fresh web build when the sources changed since the last one (as `npm test`
// does). Extra arguments go to Playwright: a spec path, `--repeat-each 5`, `-g`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, root } from './build.mjs';

await ensureBuilt();
const result = spawnSync(
  join(root, 'node_modules/.bin/playwright'),
  ['test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
