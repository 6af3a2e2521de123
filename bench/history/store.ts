import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { indexPendingMessages } from '../../packages/server/src/store/search-indexer';
import { csrfToken, registerAndLogin } from '../lib/accounts';
import type { SignedIn } from '../lib/accounts';
import type { BenchStore } from '../lib/bench-store';
import { analyze, openBenchStore, syncSequences } from '../lib/bench-store';
import { ApiClient } from '../lib/http';
import { startServer } from '../lib/server';
import type { HistoryConfig } from './config';
import type { Plan } from './plan';
import { makePlan } from './plan';
import type { SeedCounts } from './seed';
import { seedPlan } from './seed';

// A seeded store around one measured user: throwaway store + migrations →
// a short-lived server registers the user (so their Saved and System chats
// come from the real code) → the plan is written straight into the database
// → statistics. The caller then starts the measured server on it.

export interface SeededStore {
  bench: BenchStore;
  plan: Plan;
  me: SignedIn;
  counts: SeedCounts;
  seedS: number;
  /** For startServer: the data directory and, on PostgreSQL, the database. */
  serverOptions: { dataDir: string; databaseUrl?: string };
}

async function maxId(bench: BenchStore, table: 'users' | 'conversations' | 'messages') {
  const row = await bench.store.db
    .selectFrom(table)
    .select(sql<number>`coalesce(max(id), 0)`.as('max'))
    .executeTakeFirstOrThrow();
  return Number(row.max);
}

export async function seededStore(
  config: HistoryConfig,
  label: string,
  adopt: (bench: BenchStore) => void,
): Promise<SeededStore> {
  const bench = await openBenchStore(config.store, config.pgUrl, label);
  adopt(bench); // the caller destroys it, also when what follows fails
  const serverOptions = {
    dataDir: bench.dataDir,
    ...(bench.databaseUrl ? { databaseUrl: bench.databaseUrl } : {}),
  };
  const server = await startServer({ prefix: [], ...serverOptions });
  let me: SignedIn;
  try {
    const api = new ApiClient(server.port, 1);
    me = await registerAndLogin(api, await csrfToken(api), `reader${Date.now().toString(36)}`);
    api.close();
  } finally {
    await server.stop();
  }

  const started = performance.now();
  const plan = makePlan(config, {
    mainUserId: me.id,
    nextUserId: (await maxId(bench, 'users')) + 1,
    nextConversationId: (await maxId(bench, 'conversations')) + 1,
    nextMessageId: (await maxId(bench, 'messages')) + 1,
  });
  const counts = await seedPlan(bench.store.db, plan, config);
  await syncSequences(bench, ['users', 'conversations', 'messages']);
  // SQLite: the server's full-text index takes new messages in batches; a
  // seeded store starts fully indexed, as a long-running one would be.
  await indexPendingMessages(bench.store.db);
  await analyze(bench);
  await bench.close();
  const seedS = (performance.now() - started) / 1000;
  process.stderr.write(
    `bench: seeded ${counts.messages} messages, ${counts.conversations} conversations, ${counts.users} users, ` +
      `${counts.conversationEvents} + ${counts.userEvents} events on ${config.store} in ${seedS.toFixed(1)} s\n`,
  );
  return { bench, plan, me, counts, seedS, serverOptions };
}
