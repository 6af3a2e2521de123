// `npm run build` (this file run directly) builds the release: the server as
// compiled JavaScript (packages/server/dist, scripts/build-server.mjs) and
// the web app (packages/web/dist, Vite) with brotli and gzip copies of its
// text files (scripts/precompress.mjs). `npm start` and `npm test` use
// ensureBuilt() to build only what is missing — or stale, in a checkout that
// has the build tools, so an edit shows up on the next start.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer } from './build-server.mjs';
import { precompress } from './precompress.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webDir = join(root, 'packages/web');
const serverDir = join(root, 'packages/server');

const targets = {
  server: {
    label: 'server',
    output: join(serverDir, 'dist/main.js'),
    tool: 'esbuild',
    sources: [
      join(serverDir, 'src'),
      join(serverDir, 'package.json'),
      join(root, 'packages/protocol/src'),
      join(root, 'scripts/build-server.mjs'),
    ],
    async build() {
      rmSync(join(serverDir, 'dist'), { recursive: true, force: true });
      await buildServer(root);
    },
  },
  web: {
    label: 'web app',
    output: join(webDir, 'dist/index.html'),
    tool: 'vite',
    sources: [
      join(webDir, 'src'),
      join(webDir, 'public'),
      join(webDir, 'index.html'),
      join(webDir, 'vite.config.ts'),
      join(webDir, 'package.json'),
      join(root, 'packages/protocol/src'),
      join(root, 'package-lock.json'),
      join(root, 'scripts/precompress.mjs'),
    ],
    async build() {
      const result = spawnSync('npm', ['run', 'build', '-w', '@parley/web'], {
        cwd: root,
        stdio: 'inherit',
      });
      if (result.status !== 0) throw new Error('the web build failed');
      precompress(join(webDir, 'dist'));
    },
  },
};

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function isStale(target) {
  if (!existsSync(target.output)) return true;
  const builtAt = statSync(target.output).mtimeMs;
  return target.sources.some((source) => newestMtime(source) > builtAt);
}

/** A production install (`npm ci --omit=dev`) has no build tools. */
const hasTool = (name) => existsSync(join(root, 'node_modules', name, 'package.json'));

/** Builds what is missing, and what is stale where the build tools are installed. */
export async function ensureBuilt(names = ['server', 'web']) {
  for (const name of names) {
    const target = targets[name];
    if (!isStale(target)) continue;
    const missing = !existsSync(target.output);
    if (!hasTool(target.tool)) {
      if (!missing) {
        console.warn(
          `[parley] the ${target.label} build is older than its sources; run \`npm run build\``,
        );
        continue;
      }
      console.error(
        `[parley] the ${target.label} build is missing and this install has no build tools ` +
          `(installed without dev dependencies). Run \`npm ci && npm run build\` first ` +
          `(docs/OPERATIONS.md, "A release without dev dependencies").`,
      );
      process.exit(1);
    }
    console.log(`[parley] building the ${target.label} (${missing ? 'missing' : 'stale'} build)…`);
    await target.build();
  }
}

export const ensureWebBuild = () => ensureBuilt(['web']);

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  for (const target of Object.values(targets)) {
    console.log(`[parley] building the ${target.label}…`);
    await target.build();
  }
  console.log(`[parley] built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
