import { beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_TTL_SECONDS } from '@parley/protocol/constants';
import { MSG } from '@parley/protocol/messages';
import { REFRESH_REUSE_GRACE_MS } from '../src/features/sessions/refresh-token';
import { Client, newAccount, registerAndLogin, startServer } from './harness';

import { stores } from './stores';
import { useSuiteServer } from './suite';
import type { TestStore } from './stores';

describe.each(stores())('token lifecycle ($name)', (backend) => {
  let ts: TestStore;
  let client: Client;

  const suite = useSuiteServer(backend);
  beforeAll(() => ({ ts, client } = suite));

  it('refuses an expired access token', async () => {
    // Same store, so the same signing key: a second app that issues tokens already expired.
    const expiring = await startServer(ts.store, { accessTokenTtlSeconds: -10 });
    try {
      const { access_token } = await registerAndLogin(new Client(expiring.url));
      const res = await client.get('/user', { token: access_token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: MSG.unauthenticated });
    } finally {
      await expiring.close();
    }
  });

  it('rotates the refresh token on every use', async () => {
    const first = await registerAndLogin(client);
    const second = await client.post<{ access_token: string; refresh_token: string }>(
      '/user/refresh',
      {
        refresh_token: first.refresh_token,
      },
    );
    expect(second.status).toBe(200);
    expect(second.body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 900,
    });
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await client.get('/user', { token: second.body.access_token })).status).toBe(200);
    const third = await client.post('/user/refresh', { refresh_token: second.body.refresh_token });
    expect(third.status).toBe(200);
  });

  type Pair = { access_token: string; refresh_token: string };
  const refresh = (refresh_token: string) => client.post<Pair>('/user/refresh', { refresh_token });
  /** Moves every rotation of the past back in time, past the reuse grace. */
  const ageRotations = (ms: number) =>
    ts.store.db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(Date.now() - ms).toISOString() })
      .where('used_at', 'is not', null)
      .execute();

  it('revokes the whole family when a used refresh token comes back after its successor was used', async () => {
    const first = await registerAndLogin(client);
    const second = await refresh(first.refresh_token);
    const third = await refresh(second.body.refresh_token);
    expect(third.status).toBe(200);
    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ message: MSG.refreshInvalid });
    // Both the newest refresh token and the access tokens of the family are dead now.
    expect((await refresh(third.body.refresh_token)).status).toBe(401);
    expect((await client.get('/user', { token: third.body.access_token })).status).toBe(401);
    expect((await client.get('/user', { token: first.access_token })).status).toBe(401);
  });

  it('revokes the family when a used refresh token comes back after the grace', async () => {
    const first = await registerAndLogin(client);
    const second = await refresh(first.refresh_token);
    await ageRotations(REFRESH_REUSE_GRACE_MS + 1000);
    expect((await refresh(first.refresh_token)).status).toBe(401);
    expect((await refresh(second.body.refresh_token)).status).toBe(401);
    expect((await client.get('/user', { token: second.body.access_token })).status).toBe(401);
  });

  it('a rotation whose reply was lost is repeated once, retiring the unused successor', async () => {
    const first = await registerAndLogin(client);
    const lost = await refresh(first.refresh_token); // the client never saw this reply
    const again = await refresh(first.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).not.toBe(lost.body.refresh_token);
    expect((await client.get('/user', { token: again.body.access_token })).status).toBe(200);
    // The chain goes on from the new token, and a second lost reply is covered too.
    const onward = await refresh(again.body.refresh_token);
    expect(onward.status).toBe(200);
    // The retired successor is dead: presenting it now is a stolen copy and ends the session.
    expect((await refresh(lost.body.refresh_token)).status).toBe(401);
    expect((await refresh(onward.body.refresh_token)).status).toBe(401);
    expect((await client.get('/user', { token: onward.body.access_token })).status).toBe(401);
  });

  it('refuses unknown and expired refresh tokens', async () => {
    const unknown = await client.post('/user/refresh', { refresh_token: 'A'.repeat(43) });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: MSG.refreshInvalid });
    const empty = await client.post('/user/refresh', { refresh_token: '' });
    expect(empty.status).toBe(422);

    const { refresh_token } = await registerAndLogin(client);
    await ts.store.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await client.post('/user/refresh', { refresh_token })).status).toBe(401);
  });

  it('touches last_seen_at of the session on refresh', async () => {
    const { access_token, refresh_token } = await registerAndLogin(client);
    await ts.store.db
      .updateTable('sessions')
      .set({ last_seen_at: '2000-01-01T00:00:00.000Z' })
      .where('revoked_at', 'is', null)
      .execute();
    const refreshed = await client.post<{ access_token: string }>('/user/refresh', {
      refresh_token,
    });
    const list = await client.get<{ sessions: { last_seen_at: string }[] }>('/user/sessions', {
      token: refreshed.body.access_token,
    });
    expect(list.body.sessions[0]?.last_seen_at.startsWith('2000')).toBe(false);
    expect(access_token).not.toBe(refreshed.body.access_token);
  });

  it('touches last_seen_at while the session is used, at most once a minute', async () => {
    const { access_token } = await registerAndLogin(client);
    const seenAt = async () => {
      const list = await client.get<{ sessions: { id: number; last_seen_at: string }[] }>(
        '/user/sessions',
        { token: access_token },
      );
      const [own] = list.body.sessions;
      return { id: own?.id ?? 0, at: Date.parse(own?.last_seen_at ?? '') };
    };
    const { id } = await seenAt();
    const setSeen = (at: string) =>
      ts.store.db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
    // Used long ago: the next request writes the time again (no refresh needed).
    await setSeen('2000-01-01T00:00:00.000Z');
    expect((await client.get('/user', { token: access_token })).status).toBe(200);
    expect(Date.now() - (await seenAt()).at).toBeLessThan(30_000);
    // Seen 30 s ago: within the minute, requests leave it alone.
    const recent = new Date(Date.now() - 30_000).toISOString();
    await setSeen(recent);
    expect((await client.get('/user', { token: access_token })).status).toBe(200);
    expect((await seenAt()).at).toBe(Date.parse(recent));
  });

  it('names the browser and the system of each session', async () => {
    const account = newAccount();
    await client.post('/register', account);
    const res = await client.post<{ access_token: string }>(
      '/login',
      { login: account.login, password: account.password },
      {
        headers: {
          'user-agent':
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.7339.16 Safari/537.36',
        },
      },
    );
    const list = await client.get<{ sessions: unknown[] }>('/user/sessions', {
      token: res.body.access_token,
    });
    expect(list.body.sessions).toEqual([
      expect.objectContaining({ device: 'Chrome on Linux', browser: 'Chrome', os: 'Linux' }),
    ]);
  });

  it('logout revokes the session at once', async () => {
    const { access_token, refresh_token } = await registerAndLogin(client);
    const out = await client.post('/logout', { firebase_token: null }, { token: access_token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ status: 'ok' });
    expect((await client.get('/user', { token: access_token })).status).toBe(401);
    expect((await client.post('/user/refresh', { refresh_token })).status).toBe(401);
    expect((await client.post('/logout', undefined, { token: access_token })).status).toBe(401);
  });

  it('logout accepts an empty body', async () => {
    const { access_token } = await registerAndLogin(client);
    expect((await client.post('/logout', undefined, { token: access_token })).status).toBe(200);
  });

  it('lists sessions and revokes one, or all the others', async () => {
    const account = newAccount();
    const a = await registerAndLogin(client, account);
    const login = () =>
      client.post<{ access_token: string }>('/login', {
        login: account.login,
        password: account.password,
      });
    const b = (await login()).body;
    const c = (await login()).body;

    const list = await client.get<{ sessions: { id: number; current: boolean }[] }>(
      '/user/sessions',
      { token: a.access_token },
    );
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(3);
    expect(list.body.sessions.filter((s) => s.current)).toHaveLength(1);

    const other = await registerAndLogin(client);
    const otherList = await client.get<{ sessions: { id: number }[] }>('/user/sessions', {
      token: other.access_token,
    });
    const otherId = otherList.body.sessions[0]?.id;
    const foreign = await client.delete(`/user/sessions/${otherId}`, { token: a.access_token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: MSG.sessionNotFound });
    expect((await client.get('/user', { token: other.access_token })).status).toBe(200);

    const bList = await client.get<{ sessions: { id: number; current: boolean }[] }>(
      '/user/sessions',
      { token: b.access_token },
    );
    const bId = bList.body.sessions.find((s) => s.current)?.id;
    const revoke = await client.delete(`/user/sessions/${bId}`, { token: a.access_token });
    expect(revoke.status).toBe(200);
    expect((await client.get('/user', { token: b.access_token })).status).toBe(401);
    expect((await client.delete(`/user/sessions/${bId}`, { token: a.access_token })).status).toBe(
      404,
    );
    expect((await client.delete('/user/sessions/abc', { token: a.access_token })).status).toBe(422);

    const others = await client.post('/user/sessions/revoke-others', undefined, {
      token: a.access_token,
    });
    expect(others.status).toBe(200);
    expect((await client.get('/user', { token: c.access_token })).status).toBe(401);
    expect((await client.get('/user', { token: a.access_token })).status).toBe(200);
    const after = await client.get<{ sessions: unknown[] }>('/user/sessions', {
      token: a.access_token,
    });
    expect(after.body.sessions).toHaveLength(1);
  });
});

describe.each(stores())('session housekeeping ($name)', (backend) => {
  let client: Client;
  const suite = useSuiteServer(backend);
  beforeAll(() => ({ client } = suite));

  const refresh = (token: string) =>
    client.post<{ access_token: string; refresh_token: string }>('/user/refresh', {
      refresh_token: token,
    });

  it('keeps every token that may still be presented, then prunes what never can be', async () => {
    const first = await registerAndLogin(client);
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    const out = await registerAndLogin(client);
    expect((await client.post('/logout', {}, { token: out.access_token })).status).toBe(200);

    // Within a refresh lifetime nothing goes: the used token is still recognised.
    expect(await suite.server.app.sessionsPrune(new Date())).toEqual({ tokens: 0, sessions: 0 });
    expect((await refresh(second.body.refresh_token)).status).toBe(200);

    // Past it, the tokens and both sessions (one revoked, one unseen) are gone.
    const later = new Date(Date.now() + (REFRESH_TOKEN_TTL_SECONDS + 3600) * 1000);
    const pruned = await suite.server.app.sessionsPrune(later);
    expect(pruned.sessions).toBe(2);
    expect(pruned.tokens).toBeGreaterThanOrEqual(4);
    expect(await suite.server.app.sessionsPrune(later)).toEqual({ tokens: 0, sessions: 0 });
  });
});
