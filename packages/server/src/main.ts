import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from './app';
import type { Bus } from './bus/bus';
import { ConfigError, loadConfig } from './config';
import { guardDescriptors } from './http/descriptors';
import { chooseLogFormat, loggerOptions } from './http/logger';
import type { AppConfig } from './config';
import { productionPushGuard } from './features/push/endpoint-guard';
import { openBlobStore } from './storage/open-blob-store';
import { openStore } from './store/db';
import { createRedisPresence } from './realtime/presence';
import type { Presence } from './realtime/presence';
import { MigrationMismatchError, runMigrations } from './store/migrate';
import { hasPeople, startLine } from './start-line';
import { describeUnavailable } from './store/unavailable';
import { untilDatabaseAnswers } from './store/wait-for-database';

// The composition root: config → store → migrations → redis → app → listen,
// and the reverse on SIGTERM/SIGINT. No logic lives here.

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`parley: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * pino writes on a worker of libuv's pool; process.exit drops the lines still
 * queued there (the last ones, "stopped" among them, went missing on a busy
 * machine).
 */
function flushLog(log: FastifyBaseLogger): Promise<void> {
  // Fastify's logger type leaves out pino's flush, which its logger has.
  const { flush } = log as FastifyBaseLogger & { flush?: (done: () => void) => void };
  return new Promise((resolve) => (flush ? flush.call(log, () => resolve()) : resolve()));
}

/**
 * With REDIS_URL, realtime spans nodes: events over pub/sub, presence counted
 * in Redis. ioredis is loaded only then (a single node never uses it).
 */
async function connectRedis(
  config: AppConfig,
  redisError: (what: string) => (error: unknown) => void,
): Promise<{ redis: Redis | null; bus?: Bus; presence?: Presence }> {
  if (!config.redisUrl) return { redis: null };
  const { Redis } = await import('ioredis');
  const { createRedisBus, reportConnectionErrors } = await import('./bus/redis');
  // maxRetriesPerRequest: a rate-limit check must not hang for long when Redis is away.
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  reportConnectionErrors(redis, redisError('client'));
  return {
    redis,
    bus: createRedisBus(config.redisUrl, {
      prefix: config.redisPrefix,
      onError: redisError('bus'),
    }),
    presence: createRedisPresence(redis, {
      nodeId: randomUUID(),
      prefix: config.redisPrefix,
      onError: redisError('presence'),
    }),
  };
}

/** Below systemd's TimeoutStopSec (30 s in docs/OPERATIONS.md), so this process says why. */
const SHUTDOWN_LIMIT_MS = 25_000;

async function main(): Promise<void> {
  const config = readConfig();
  // Until the app's logger exists, warnings go to stderr.
  let log: FastifyBaseLogger | null = null;
  const warn = (line: string) => {
    if (log) log.warn(line);
    else process.stderr.write(`parley: ${line}\n`);
  };
  const store = openStore({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    durability: config.durability,
    onCheckpointError: (message) => process.stderr.write(`parley: WAL checkpoint: ${message}\n`),
    // Never fatal: the pool reconnects; requests meanwhile get 503.
    onPoolError: (error) => warn(`database connection lost (${describeUnavailable(error)})`),
  });
  // A database that is down at start is waited for (back-off), not fatal.
  await untilDatabaseAnswers(
    () =>
      runMigrations(store.db, {
        onNewerSchema: (names) =>
          warn(
            `the database has migrations this release does not know (${names.join(', ')}): ` +
              'a newer release migrated it; running on its (expanded) schema',
          ),
      }),
    { log: warn },
  );
  const blobStore = await openBlobStore(config.blobStore, config.dataDir).catch((error: Error) => {
    process.stderr.write(`parley: ${error.message}\n`);
    process.exit(1);
  });
  // Redis errors are logged, never fatal: ioredis reconnects, the HTTP API
  // keeps answering, and clients resume what a lost publish missed.
  const redisError = (what: string) => (error: unknown) => {
    if (log) log.error({ err: error }, `redis (${what}): connection error`);
    else process.stderr.write(`parley: redis (${what}): ${String(error)}\n`);
  };
  const { redis, bus, presence } = await connectRedis(config, redisError);

  // Test-only: the e2e server fetches previews from its test page and nowhere else.
  const testOrigin = config.linkPreviewTestOrigin;
  const linkPreviews = testOrigin ? { allow: [testOrigin], onlyAllowed: true } : {};
  // Test-only: the e2e server pushes to its stand-in push service and nowhere else.
  const pushOrigin = config.pushTestOrigin;
  const push = pushOrigin
    ? { guard: { ...productionPushGuard, allow: [pushOrigin], onlyAllowed: true } }
    : {};
  const app = await buildApp({
    store,
    config,
    redis,
    rateLimitPrefix: `${config.redisPrefix}rl:`,
    bus,
    presence,
    linkPreviews,
    push,
    blobs: blobStore.blobs,
    inactivityJobMs: config.inactivityJobSeconds * 1000,
    files: { maxBytes: config.fileMaxBytes, sweepMs: 3_600_000 },
    bots: { webhooks: { origins: config.botWebhookOrigins } },
    logger: loggerOptions(
      config.logLevel,
      chooseLogFormat(config.logFormat, process.stdout.isTTY === true),
    ),
  });
  log = app.log;
  if (testOrigin) {
    app.log.warn(
      testOrigin,
      'LINK_PREVIEW_TEST_ORIGIN is set: link previews only from this origin',
    );
  }
  if (pushOrigin) app.log.warn(pushOrigin, 'PUSH_TEST_ORIGIN is set: Web Push only to this origin');
  app.log.info(
    { store: store.kind, redis: redis !== null, webDist: config.webDist },
    store.kind === 'sqlite' ? `store: SQLite at ${config.sqlitePath}` : 'store: PostgreSQL',
  );
  app.log.info(`files: ${blobStore.describe}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A timer that keeps the event loop alive until the steps below are done:
    // some of them wait on unref'd handles (the checkpointer's worker), and an
    // empty loop ended the process with code 0 halfway through the shutdown.
    const keepAlive = setTimeout(() => {
      app.log.error(`shutdown not finished after ${SHUTDOWN_LIMIT_MS / 1000} s`);
      void flushLog(app.log).then(() => process.exit(1));
    }, SHUTDOWN_LIMIT_MS);
    try {
      await app.close(); // stops accepting, closes sockets with 1001, waits for in-flight requests
      await presence?.close();
      await bus?.close();
      await store.close();
      blobStore.close();
      await redis?.quit();
      clearTimeout(keepAlive);
      app.log.info('stopped');
      await flushLog(app.log);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'unclean shutdown');
      await flushLog(app.log);
      process.exit(1);
    }
  };
  // `on`, not `once`: Ctrl-C in a terminal reaches this process twice (from
  // the terminal, and forwarded by `npm start`), and a second SIGINT with no
  // listener left would kill the process mid-shutdown. Repeats are ignored;
  // a supervisor that will not wait sends SIGKILL (systemd's TimeoutStopSec).
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // A port in use or a HOST this machine does not have: the operator's
    // mistake, said in one line (the stack would only show Node's internals).
    const code = (error as { code?: unknown }).code;
    process.stderr.write(
      `parley: cannot listen on ${config.host}:${config.port}: ${typeof code === 'string' ? code : String(error)}\n`,
    );
    process.exit(1);
  }
  // A database blip here must not end a server that already listens: the
  // line then leaves out the first-account note.
  const people = await hasPeople(store.db).catch(() => true);
  app.log.info(startLine({ host: config.host, port: config.port, empty: !people }));
  // After listen: the descriptors open by now are the baseline the socket cap leaves alone.
  // Lives as long as the process (Fastify takes no hooks once listening).
  guardDescriptors(app.server, app.log);
}

main().catch((error: unknown) => {
  if (error instanceof MigrationMismatchError) {
    process.stderr.write(`parley: cannot start: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `parley: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
