// The server as one JavaScript file (packages/server/dist/main.js, and one
// per command-line tool), so
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
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
}
