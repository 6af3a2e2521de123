// The server as JavaScript (packages/server/dist/main.js, one file per
// command-line tool, and the chunks they load on demand), so
// production runs plain `node` instead of compiling TypeScript on every start
// with tsx: it starts faster and holds less memory (bench/RESULTS.md,
// "Release build"). Our own code and @parley/protocol (TypeScript sources)
// are bundled; every npm dependency of the server stays an import resolved
// from node_modules at run time — native addons (better-sqlite3, argon2,
// sharp) cannot be bundled, and keeping the rest outside keeps their own
// file lookups (pino, fastify plugins) working. So the server's
// `dependencies` are exactly what a production install needs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export async function buildServer(root) {
  // Imported here, not at the top: a production install has no esbuild, and
  // only needs it when the build is missing.
  const { build } = await import('esbuild');
  const serverDir = join(root, 'packages/server');
  const pkg = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8'));
  const external = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }).filter(
    (name) => !name.startsWith('@parley/'),
  );
  await build({
    // The server and the host's command-line tools (`npm run admin`,
    // `npm run migrate-to-postgres`), so those run in a production install too.
    entryPoints: {
      main: join(serverDir, 'src/main.ts'),
      'admin-cli': join(serverDir, 'src/admin-cli.ts'),
      'migrate-to-postgres': join(serverDir, 'src/cli/migrate-to-postgres.ts'),
    },
    outdir: join(serverDir, 'dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Subpath imports (`pino/file`, `@fastify/…/x`) are external too.
    external: external.flatMap((name) => [name, `${name}/*`]),
    // Code reached only through a dynamic import() (the S3 blob store, Redis,
    // /metrics, link-preview fetching, Web Push sending) goes into chunks of
    // its own next to main.js, with its packages' imports: without splitting,
    // esbuild hoists every external import to the top of main.js and the
    // process would load them all at start (docs/ARCHITECTURE.md, "Memory").
    splitting: true,
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
}
