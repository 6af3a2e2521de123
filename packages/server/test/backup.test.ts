import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SQLite as Database } from '../src/store/sqlite-driver';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, startServer } from './harness';
import { person } from './messaging';
import { openStore } from '../src/store/db';

// `npm run backup`: an online copy of the SQLite store while a server writes
// to it (WAL mode), readable and complete. PostgreSQL is pg_dump's job.

const SCRIPT = fileURLToPath(new URL('../../../scripts/backup.mjs', import.meta.url));

describe('npm run backup (sqlite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-backup-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies the live database, and refuses to overwrite or to run on PostgreSQL', async () => {
    const store = openStore({ sqlitePath: join(dir, 'parley.sqlite') });
    const server = await startServer(store);
    try {
      const alice = await person(new Client(server.url));
      const run = (target: string, env: Record<string, string> = {}) =>
        spawnSync(process.execPath, [SCRIPT, target], {
          env: { PATH: process.env.PATH, DATA_DIR: dir, ...env },
          encoding: 'utf8',
        });
      const target = join(dir, 'copy.sqlite');
      const done = run(target);
      expect(done.status).toBe(0);
      expect(done.stdout).toMatch(/backed up/);

      const copy = new Database(target, { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const row = copy.prepare('SELECT username FROM users WHERE id = ?').get(alice.id);
      copy.close();
      expect(row).toEqual({ username: alice.username });

      expect(run(target).status).toBe(1);
      expect(run(join(dir, 'other.sqlite'), { DATABASE_URL: 'postgres://x/y' }).status).toBe(2);
    } finally {
      await server.close();
      await store.close();
    }
  });
});
