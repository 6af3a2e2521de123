import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../src/store/migrate';
import { migrations } from '../src/store/migrations';
import { Client, newAccount, registerAndLogin, startServer } from './harness';
import { stores } from './stores';
import type { TestStore } from './stores';

describe.each(stores())('store and process lifecycle ($name)', (backend) => {
  let ts: TestStore;

  beforeAll(async () => {
    ts = await backend.open();
  });
  afterAll(async () => {
    await ts?.store.close();
    await ts?.destroy();
  });

  it('runs migrations once, and again as a no-op', async () => {
    // Every migration, in name order, then nothing.
    const names = Object.keys(migrations);
    expect(names.slice(0, 2)).toEqual(['0001-foundation', '0002-messaging']);
    expect(await runMigrations(ts.store.db)).toEqual([...names].sort());
    expect(await runMigrations(ts.store.db)).toEqual([]);
    const tables = await ts.store.db.introspection.getTables();
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'refresh_tokens',
        'server_keys',
        'conversations',
        'conversation_members',
        'messages',
        'message_hidden',
        'conversation_events',
        'user_events',
        'link_previews',
        'job_locks',
        'files',
      ]),
    );
  });

  it('round-trips booleans as booleans and timestamps as ISO strings', async () => {
    const client = await startServer(ts.store);
    try {
      const { access_token } = await registerAndLogin(new Client(client.url));
      const user = await new Client(client.url).get('/user', { token: access_token });
      for (const key of [
        'notifications',
        'paranoid',
        'muted',
        'hide_status',
        'allow_search',
        'load_links',
        'secret_exists',
      ]) {
        expect(typeof user.body[key]).toBe('boolean');
      }
      const row = await ts.store.db
        .selectFrom('sessions')
        .select(['created_at', 'last_seen_at'])
        .executeTakeFirstOrThrow();
      expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    } finally {
      await client.close();
    }
  });

  it('keeps data and the signing key across a restart', async () => {
    const account = newAccount();
    const first = await startServer(ts.store);
    const before = await registerAndLogin(new Client(first.url), account);
    await first.close();
    await ts.store.close();

    ts.store = ts.reopen();
    const second = await startServer(ts.store);
    try {
      const client = new Client(second.url);
      // The access token from before the restart still verifies: the key lives in the database.
      expect((await client.get('/user', { token: before.access_token })).status).toBe(200);
      const login = await client.post('/login', {
        login: account.login,
        password: account.password,
      });
      expect(login.status).toBe(200);
      expect(
        (await client.post('/user/refresh', { refresh_token: before.refresh_token })).status,
      ).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('reports not ready when the database is gone, while staying alive', async () => {
    const other = ts.reopen();
    const server = await startServer(other);
    try {
      await other.close();
      const ready = await fetch(`${server.url}/api/v1/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ message: expect.any(String) });
      expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('finishes an in-flight request when closed, then refuses connections', async () => {
    let entered!: () => void;
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const server = await startServer(ts.store, {
      // A route that holds the request open until the test lets it go.
      beforeListen: (app) =>
        app.get('/api/v1/test/slow', async () => {
          entered();
          await gate;
          return { done: true };
        }),
    });
    const inflight = fetch(`${server.url}/api/v1/test/slow`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    await handlerEntered;

    const closing = server.close();
    release();
    expect(await inflight).toEqual({ status: 200, body: { done: true } });
    await closing;
    await expect(fetch(`${server.url}/api/v1/health`)).rejects.toThrow();
  });
});
