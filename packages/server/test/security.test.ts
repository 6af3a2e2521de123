import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '@parley/protocol/constants';
import { errorBodySchema } from '@parley/protocol/errors';
import type { ConversationList } from '@parley/protocol/conversation';
import { MSG } from '@parley/protocol/messages';
import { Client, newAccount, registerAndLogin, startServer } from './harness';
import type { Server } from './harness';
import { stores } from './stores';
import { useSuiteServer } from './suite';
import type { TestStore } from './stores';

describe.each(stores())('CSRF and bad input ($name)', (backend) => {
  let ts: TestStore;
  let server: Server;
  let client: Client;

  const suite = useSuiteServer(backend);
  beforeAll(() => ({ ts, server, client } = suite));

  describe('CSRF double submit', () => {
    it('sets a readable XSRF-TOKEN cookie on responses that lack one', async () => {
      const res = await fetch(`${server.url}/api/v1/health`);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${CSRF_COOKIE}=`));
      expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Lax$/);
      const again = await fetch(`${server.url}/api/v1/health`, {
        headers: { cookie: cookie?.split(';')[0] ?? '' },
      });
      expect(again.headers.getSetCookie()).toEqual([]);
    });

    it('refuses a state change without the header, or with a wrong one', async () => {
      const account = newAccount();
      const without = await client.post('/register', account, { csrf: false });
      expect(without.status).toBe(403);
      expect(without.body).toEqual({ message: MSG.csrfMismatch });
      const wrong = await client.post(
        '/login',
        { login: 'a', password: 'b' },
        { csrf: 'x'.repeat(43) },
      );
      expect(wrong.status).toBe(403);
      expect(wrong.body).toEqual({ message: MSG.csrfMismatch });
      const short = await client.post('/login', { login: 'a', password: 'b' }, { csrf: 'x' });
      expect(short.status).toBe(403);
    });

    it('refuses a header without the cookie', async () => {
      const res = await fetch(`${server.url}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: 'A'.repeat(43) },
        body: JSON.stringify({ login: 'a', password: 'b' }),
      });
      expect(res.status).toBe(403);
      // …and hands out a cookie for the next attempt.
      expect(res.headers.getSetCookie().some((c) => c.startsWith(`${CSRF_COOKIE}=`))).toBe(true);
    });

    it('accepts a matching cookie and header', async () => {
      const account = newAccount();
      expect((await client.post('/register', account)).status).toBe(200);
      expect(
        (await client.post('/login', { login: account.login, password: account.password })).status,
      ).toBe(200);
    });

    it('exempts requests that carry a Bearer token', async () => {
      const { access_token } = await registerAndLogin(client);
      const bare = new Client(server.url);
      const res = await bare.call('POST', '/api/v1/user/sessions/revoke-others', undefined, {
        token: access_token,
        csrf: false,
      });
      expect(res.status).toBe(200);
      // A Bearer header is no way around CSRF on routes that do not need it: the token is still checked there.
      const logout = await bare.call('POST', '/api/v1/logout', undefined, {
        token: 'forged',
        csrf: false,
      });
      expect(logout.status).toBe(401);
    });
  });

  describe('malformed bodies never cause a 5xx', () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const cases: {
      name: string;
      raw: string | Uint8Array;
      type?: string;
      status: number;
      message?: string;
    }[] = [
      { name: 'invalid JSON', raw: '{"login": "a",', status: 400, message: MSG.malformedJson },
      {
        name: 'not JSON at all',
        raw: 'login=a&password=b',
        status: 400,
        message: MSG.malformedJson,
      },
      { name: 'an array', raw: '[]', status: 422, message: MSG.validationFailed },
      { name: 'null', raw: 'null', status: 422, message: MSG.validationFailed },
      { name: 'a string', raw: '"str"', status: 422, message: MSG.validationFailed },
      { name: 'a number', raw: '5', status: 422, message: MSG.validationFailed },
      { name: 'nesting 1000 deep', raw: deep(1000), status: 422, message: MSG.validationFailed },
      {
        name: 'nesting 1000 deep inside a field',
        raw: `{"login":${deep(1000)},"password":"x"}`,
        status: 422,
      },
      {
        name: 'nested objects 5000 deep',
        raw: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000),
        status: 422,
      },
      {
        name: 'a 2 MiB body',
        raw: JSON.stringify({ login: 'a'.repeat(2 * 1024 * 1024), password: 'b' }),
        status: 413,
        message: MSG.payloadTooLarge,
      },
      {
        name: 'a huge string under the limit',
        raw: JSON.stringify({ login: 'a'.repeat(900_000), password: 'b' }),
        status: 422,
      },
      {
        name: 'an operator object',
        raw: '{"login":{"$gt":""},"password":{"$gt":""}}',
        status: 422,
        message: MSG.validationFailed,
      },
      {
        name: '__proto__ keys',
        raw: '{"__proto__":{"admin":true},"login":"a","password":"b"}',
        status: 422,
      },
      {
        name: 'constructor.prototype',
        raw: '{"constructor":{"prototype":{"admin":true}},"login":"a","password":"b"}',
        status: 422,
      },
      {
        name: 'text/plain',
        raw: '{"login":"a","password":"b"}',
        type: 'text/plain',
        status: 415,
        message: MSG.unsupportedMediaType,
      },
      {
        name: 'form encoding',
        raw: 'login=a&password=b',
        type: 'application/x-www-form-urlencoded',
        status: 415,
      },
      { name: 'an empty JSON body', raw: '', status: 422, message: MSG.validationFailed },
      {
        name: 'invalid UTF-8',
        raw: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
        status: 422,
      },
    ];

    it.each(cases)('$name → $status', async ({ raw, type, status, message }) => {
      const headers: Record<string, string> = type ? { 'content-type': type } : {};
      // /login answers 422 for a valid-JSON wrong login, so any 422 here came from validation, not credentials.
      const res = await client.post('/login', undefined, { raw, headers });
      expect(res.status).toBe(status);
      expect(errorBodySchema.strict().safeParse(res.body).success).toBe(true);
      if (message) expect(res.body.message).toBe(message);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    });

    it('does not pollute prototypes', async () => {
      await client.post('/register', undefined, {
        raw: '{"__proto__":{"polluted":true},"name":"x","username":"x","login":"x","password":"12345"}',
      });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('refuses NUL characters in text (PostgreSQL cannot store them) with a field error', async () => {
      const account = await registerAndLogin(client);
      const list = await client.get<ConversationList>('/user/conversations', {
        token: account.access_token,
      });
      const chatId = list.body.conversations.find((c) => c.is_saved)!.id;
      const send = await client.post(
        '/user/messages',
        { conversation_id: chatId, uuid: crypto.randomUUID(), message: 'a\u0000b' },
        { token: account.access_token },
      );
      expect(send.status).toBe(422);
      expect(send.body.errors).toEqual({ message: [MSG.nulCharacter] });
      const search = await client.get(`/users/search?q=${encodeURIComponent('ab\u0000')}`, {
        token: account.access_token,
      });
      expect(search.status).toBe(422);
      expect(search.body.errors).toEqual({ q: [MSG.nulCharacter] });
      // A backslash followed by "u0000" is ordinary text.
      const literal = await client.post(
        '/user/messages',
        { conversation_id: chatId, uuid: crypto.randomUUID(), message: 'a\\u0000b' },
        { token: account.access_token },
      );
      expect(literal.status).toBe(200);
    });

    it('answers wrong types in a valid body with field errors', async () => {
      const res = await client.post('/login', { login: ['a'], password: 12 });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        login: [MSG.loginRequired],
        password: [MSG.passwordRequired],
      });
    });
  });

  describe('not found', () => {
    it.each(['/api/v1/nope', '/api/nope', '/api', '/api/v1/user/sessions/1/extra'])(
      'GET %s → JSON 404',
      async (path) => {
        const res = await client.call('GET', path);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: MSG.notFound });
      },
    );

    it('POST to an unknown API path is a JSON 404 (after CSRF)', async () => {
      const res = await client.call('POST', '/api/v1/nope', {});
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: MSG.notFound });
    });

    it('the wrong method on a known path is a JSON 404', async () => {
      const res = await client.call('GET', '/api/v1/login');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: MSG.notFound });
    });
  });

  it('answers an unexpected failure with a bare 500, no stack', async () => {
    const failing = await startServer(ts.store, {
      beforeListen: (app) =>
        app.get('/api/v1/test/boom', async () => {
          throw new Error('database exploded at /secret/path');
        }),
    });
    try {
      const res = await fetch(`${failing.url}/api/v1/test/boom`);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: 'Server error.' });
    } finally {
      await failing.close();
    }
  });

  it('with PUBLIC_URL set: refuses other origins, marks cookies Secure', async () => {
    const strict = await startServer(ts.store, { publicUrl: 'https://chat.example.org' });
    try {
      const res = await fetch(`${strict.url}/api/v1/health`);
      expect(res.headers.getSetCookie().join()).toContain('; Secure');
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
      const c = new Client(strict.url);
      const evil = await c.post(
        '/login',
        { login: 'a', password: 'b' },
        { headers: { origin: 'https://evil.example' } },
      );
      expect(evil.status).toBe(403);
      expect(evil.body).toEqual({ message: MSG.forbidden });
      const same = await c.post(
        '/login',
        { login: 'a', password: 'b' },
        { headers: { origin: 'https://chat.example.org' } },
      );
      expect(same.status).toBe(422);
    } finally {
      await strict.close();
    }
  });

  it('sends security headers', async () => {
    const res = await fetch(`${server.url}/api/v1/health`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    const csp = res.headers.get('content-security-policy') ?? '';
    // The app's own origin only ('self' covers its socket), and no inline styles (issue 18).
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toMatch(/wss?:/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
