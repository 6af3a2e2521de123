import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/http/logger';
import { Client, newAccount, startServer } from './harness';
import type { Server } from './harness';
import { stores } from './stores';
import type { TestStore } from './stores';

const sqlite = stores().find((b) => b.name === 'sqlite');
if (!sqlite) throw new Error('SQLite backend missing');

describe('logs', () => {
  let ts: TestStore;
  let server: Server;
  const lines: string[] = [];

  beforeAll(async () => {
    ts = await sqlite.open();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    server = await startServer(ts.store, {
      logger: { ...(loggerOptions('trace') as object), stream },
    });
  });
  afterAll(async () => {
    await server?.close();
    await ts?.store.close();
    await ts?.destroy();
  });

  it('carry request ids and never a password or token', async () => {
    const client = new Client(server.url);
    const account = { ...newAccount(), password: 'hunter2-very-secret' };
    await client.post('/register', account);
    const login = await client.post<{ access_token: string; refresh_token: string }>('/login', {
      login: account.login,
      password: account.password,
    });
    await client.get('/user', { token: login.body.access_token });
    await client.post('/user/refresh', { refresh_token: login.body.refresh_token });
    await client.post('/login', { login: account.login, password: 'wrong-secret-guess' });

    const all = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    expect(all).toContain('"reqId"');
    for (const secret of [
      account.password,
      'wrong-secret-guess',
      login.body.access_token,
      login.body.refresh_token,
      client.xsrf ?? 'x',
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});
