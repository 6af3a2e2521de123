import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely, Migration } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../src/store/db';
import { MigrationMismatchError, runMigrations } from '../src/store/migrate';
import { migrations } from '../src/store/migrations';
import { HIGH_RATE_LIMITS, spawnServer } from './cluster/server-process';
import { Client, startServer } from './harness';
import { direct, history, person, sent } from './messaging';
import { stores } from './stores';
import type { TestStore } from './stores';

// Rolling upgrades (docs/OPERATIONS.md, "Upgrades and migrations"): release
// N+1's migrations only add, so a node of release N starts on a database
// N+1 has migrated (with a warning) and works; migrations merged late with
// numbers below the newest applied one still run; a node whose own list
// lacks nothing but whose database holds another line's migrations while
// missing one of its own refuses to start, in one line.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees any schema
type AnyDb = Kysely<any>;

/** An expand step of a future release: a nullable column and a new table. */
const expand: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('messages').addColumn('probe_note', 'text').execute();
    await db.schema
      .createTable('probe_things')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
  },
};
const table = (name: string): Migration => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable(name)
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
  },
});

const releaseN = migrations;
const releaseNext = { ...migrations, '0099-probe-expand': expand };

describe.each(stores())('rolling upgrades ($name)', (backend) => {
  let ts: TestStore;
  beforeEach(async () => {
    ts = await backend.open();
  });
  afterEach(async () => {
    await ts.store.close();
    await ts.destroy();
  });

  it('runs release N on a database release N+1 migrated, with a warning', async () => {
    expect(await runMigrations(ts.store.db, { migrations: releaseNext })).toContain(
      '0099-probe-expand',
    );
    const newer: string[][] = [];
    const applied = await runMigrations(ts.store.db, {
      migrations: releaseN,
      onNewerSchema: (names) => newer.push(names),
    });
    expect(applied).toEqual([]);
    expect(newer).toEqual([['0099-probe-expand']]);

    // Release N's code on the expanded schema: sign up, chat, read back.
    const server = await startServer(ts.store);
    try {
      const http = new Client(server.url);
      const a = await person(http);
      const b = await person(http);
      const chat = await direct(http, a, b);
      const message = await sent(http, a, chat.id, 'on the newer schema');
      const read = await history(http, b, chat.id);
      expect(read.messages.map((m) => m.id)).toContain(message.id);
    } finally {
      await server.close();
    }
  });

  it('applies migrations whose numbers sort below the newest applied one', async () => {
    // A database made from main before 0014–0017 were merged: up to 0013, and 0018.
    const lateMerged = ['0014-probe', '0015-probe', '0016-probe', '0017-probe'];
    const merged = {
      ...releaseN,
      ...Object.fromEntries(lateMerged.map((n) => [n, table(`t${n.slice(0, 4)}`)])),
    };
    expect(Object.keys(releaseN)).toContain('0018-group-consent');
    await runMigrations(ts.store.db, { migrations: releaseN });
    expect(await runMigrations(ts.store.db, { migrations: merged })).toEqual(lateMerged);
    expect(await runMigrations(ts.store.db, { migrations: merged })).toEqual([]);
    const tables = (await ts.store.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['t0014', 't0017']));
    // …and the release before the merge still starts on that database.
    const newer: string[][] = [];
    await runMigrations(ts.store.db, { migrations: releaseN, onNewerSchema: (n) => newer.push(n) });
    expect(newer).toEqual([lateMerged]);
  });

  it('refuses, in one line, a database migrated by a release that lacks one of its own', async () => {
    await runMigrations(ts.store.db, {
      migrations: { ...releaseN, '0099-other-line': table('x') },
    });
    const attempt = runMigrations(ts.store.db, {
      migrations: { ...releaseN, '0098-this-line': table('y') },
    });
    await expect(attempt).rejects.toThrow(MigrationMismatchError);
    const error = (await attempt.catch((e: unknown) => e)) as Error;
    expect(error.message).not.toContain('\n');
    expect(error.message).toContain('0099-other-line');
    expect(error.message).toContain('0098-this-line');
    // Nothing of the refused release was applied.
    const tables = (await ts.store.db.introspection.getTables()).map((t) => t.name);
    expect(tables).not.toContain('y');
  });
});

describe.each(stores().filter((b) => b.name === 'postgres'))(
  'rolling upgrades, concurrent starts ($name)',
  (backend) => {
    let ts: TestStore;
    beforeEach(async () => {
      ts = await backend.open();
    });
    afterEach(async () => {
      await ts.store.close();
      await ts.destroy();
    });

    it('starts nodes of both releases at once on a fresh database', async () => {
      // Whichever takes the migration lock first, both start; the old one may
      // meet the newer migration only inside Kysely's migrator, and looks again.
      // PostgreSQL only: a cluster's database. (Kysely's lock on SQLite holds
      // within one connection only, and SQLite serves one node.)
      const other = ts.reopen();
      try {
        const newer: string[][] = [];
        const [next, current] = await Promise.all([
          runMigrations(ts.store.db, { migrations: releaseNext }),
          runMigrations(other.db, { migrations: releaseN, onNewerSchema: (n) => newer.push(n) }),
        ]);
        expect([...next, ...current].sort()).toEqual(Object.keys(releaseNext).sort());
        expect(next).toContain('0099-probe-expand');
        expect(newer.length).toBeLessThanOrEqual(1);
      } finally {
        await other.close();
      }
    });
  },
);

describe('a real node process (SQLite)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function dataDirMigratedWith(list: Record<string, Migration>): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'parley-rolling-'));
    dirs.push(dir);
    const store = openStore({ sqlitePath: join(dir, 'parley.sqlite') });
    await runMigrations(store.db, { migrations: list });
    await store.close();
    return dir;
  }
  const env = (dir: string) => ({
    ...HIGH_RATE_LIMITS,
    DATA_DIR: dir,
    WEB_DIST: join(dir, 'no-web'),
    LOG_LEVEL: 'warn',
  });

  it('starts on a newer schema and says so', async () => {
    const dir = await dataDirMigratedWith(releaseNext);
    const node = await spawnServer({ env: env(dir) });
    try {
      const http = new Client(node.url);
      const a = await person(http);
      expect(a.id).toBeGreaterThan(0);
      expect(node.lines.join('\n')).toMatch(
        /the database has migrations this release does not know \(0099-probe-expand\)/,
      );
    } finally {
      await node.kill('SIGKILL');
    }
  });

  it('refuses a diverged database with one line and no stack', async () => {
    const dir = await dataDirMigratedWith({ ...releaseN, '0099-other-line': table('x') });
    // Make this release's list lack one the database has… and miss one: drop
    // a shipped migration's record, as a database of another line would.
    const store = openStore({ sqlitePath: join(dir, 'parley.sqlite') });
    await store.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '0018-group-consent' as never)
      .execute();
    await store.close();
    const lines: string[] = [];
    await expect(spawnServer({ env: env(dir), lines, readyWithinMs: 20_000 })).rejects.toThrow(
      /exited before ready/,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^parley: cannot start: the database has migrations this release does not know \(0099-other-line\) but lacks this release's 0018-group-consent/,
    );
  });
});
