import { join } from 'node:path';
import { buildApp } from './app';
import { createRedisBus } from './bus/redis';
import { ConfigError, loadConfig } from './config';
import { refusalText, runAdminCommand } from './features/admin/cli-commands';
import { createLocalDiskStore } from './storage/local-disk';
import { openStore } from './store/db';
import { runMigrations } from './store/migrate';

// `npm run admin -- <command>`: the operator's console on the server host.
// It opens the same store the server uses (same environment: DATA_DIR or
// DATABASE_URL), builds the same app without listening, and calls its admin
// service — so the rules, the session revocations and the audit log are the
// API's own. With REDIS_URL, ended sessions are announced on the bus, so the
// running nodes close those sockets at once.

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`parley admin: ${error.message}\n`);
    return 2;
  }
  const store = openStore({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  const bus = config.redisUrl
    ? createRedisBus(config.redisUrl, {
        prefix: config.redisPrefix,
        onError: (error) => process.stderr.write(`parley admin: redis: ${String(error)}\n`),
      })
    : undefined;
  try {
    await runMigrations(store.db);
    const app = await buildApp({
      store,
      config,
      bus,
      logger: false,
      blobs: createLocalDiskStore(join(config.dataDir, 'blobs')),
    });
    try {
      await runAdminCommand(app.admin, process.argv.slice(2), (line) =>
        process.stdout.write(`${line}\n`),
      );
      return 0;
    } finally {
      await app.close();
    }
  } catch (error) {
    const text = refusalText(error);
    if (text === null) throw error;
    process.stderr.write(`parley admin: ${text}\n`);
    // Set now: closing a SQLite store waits on its unref'd checkpoint worker,
    // so the event loop can empty (and the process exit) before main() returns.
    process.exitCode = 2;
    return 2;
  } finally {
    await bus?.close();
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `parley admin: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
