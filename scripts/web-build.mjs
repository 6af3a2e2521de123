// Builds the web app when its build is missing or older than any of its
// sources (web, protocol, lockfile). Shared by `npm start` and `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webDir = join(root, 'packages/web');
const builtIndex = join(webDir, 'dist/index.html');
const sources = [
  join(webDir, 'src'),
  join(webDir, 'public'),
  join(webDir, 'index.html'),
  join(webDir, 'vite.config.ts'),
  join(webDir, 'package.json'),
  join(root, 'packages/protocol/src'),
  join(root, 'package-lock.json'),
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestMtime(source) > builtAt);
}

export function ensureWebBuild() {
  if (!webBuildIsStale()) return;
  console.log('[parley] building the web app (missing or stale build)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@parley/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('[parley] the web build failed');
    process.exit(result.status ?? 1);
  }
}
