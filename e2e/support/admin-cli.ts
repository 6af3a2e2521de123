import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/**
 * `npm run admin -- <args>` on the e2e server's own store, as an operator on
 * the host would run it (the same DATA_DIR; SQLite lets the running server
 * and this process share it). Returns what it printed.
 */
export function adminCli(...args: string[]): string {
  return execFileSync(
    process.execPath,
    ['--import', 'tsx', 'packages/server/src/admin-cli.ts', ...args],
    {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', DATA_DIR: process.env.E2E_DATA_DIR ?? '' },
    },
  );
}
