import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationList } from '@parley/protocol/conversation';
import type { Folder } from '@parley/protocol/folder';
import type { Message } from '@parley/protocol/message';
import { createConversation } from './groups';
import type { Client } from './harness';
import { newAccount, registerAndLogin } from './harness';
import { fileCalls } from './files';
import { direct, person, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';
import { bodyProperties, operationsOf } from './fuzz/openapi';
import type { Operation, OperationDoc, Schema } from './fuzz/openapi';
import {
  HOSTILE_JSON,
  HOSTILE_TEXT,
  PROTOTYPE_KEYS,
  RAW_BODIES,
  seeded,
} from './fuzz/hostile-values';
import { fuzzSocketFrames } from './fuzz/socket-frames';

// docs/API.md promises that bad input never gets a 5xx. This suite fuzzes
// every operation of the OpenAPI document the server serves: each path,
// query and body field in turn gets hostile values (ids past PostgreSQL's
// integer, negative, fractional, strings, null, arrays, objects, deep
// nesting, Object.prototype's names, unicode, over-long text) while the
// rest of the request stays valid; whole bodies get malformed JSON, wrong
// content types and broken multipart; signed in and signed out. Any 5xx,
// or a 4xx without a message, fails it; so does a socket `send` answered
// 5xx or a socket closed as a server error (fuzz/socket-frames.ts). The choice of values is seeded, so
// every run sends the same requests; it is bounded to a few thousand
// requests per store (well under a minute on two cores).

const SEED = 18;
/** Hostile values tried per field: the first ones of each list below, and a seeded sample of the rest. */
const ALWAYS = 5;
const SAMPLED = 7;
const CONCURRENCY = 4;
/** A request without an answer after this long fails the suite. */
const HANG_MS = 10_000;

// ---- the suite ----------------------------------------------------------------

interface Attempt {
  method: string;
  path: string;
  body?: string;
  type?: string;
  what: string;
}

describe.each(stores())('no 5xx under fuzzed input ($name)', (backend) => {
  const suite = useSuiteServer(backend);
  let client: Client;
  let account: ReturnType<typeof newAccount>;
  let me: Person;
  let ops: Operation[];
  /** Valid values by field name: the fuzzer changes one field of an otherwise valid request. */
  let known: Record<string, unknown>;
  let sampleOf: ReturnType<typeof seeded>;

  beforeAll(async () => {
    client = suite.client;
    account = newAccount('fuzz');
    const signed = await registerAndLogin(client, account);
    const self = await client.get<{ id: number }>('/user', { token: signed.access_token });
    me = {
      id: self.body.id,
      token: signed.access_token,
      username: account.username,
      name: account.name,
    };
    const friend = await person(client);
    await direct(client, me, friend);
    const group = await createConversation(client, me, 'group', {
      type: 'public',
      username: `fuzz${Date.now().toString(36)}`,
      member_ids: [friend.id],
    });
    const list = await client.get<ConversationList>('/user/conversations', { token: me.token });
    const saved = list.body.conversations.find((c) => c.is_saved)!.id;
    const message: Message = await sent(client, me, group.id, 'hello https://example.org');
    const file = await fileCalls(() => suite.server.url).uploaded(
      me,
      Buffer.from('plain text'),
      'a.txt',
    );
    const folder = await client.post<{ folder: Folder }>(
      '/user/folders',
      { name: 'fuzz' },
      { token: me.token },
    );
    const invite = await client.post<{ invitation_token: string }>(
      `/user/conversations/${group.id}/invitation`,
      undefined,
      { token: me.token },
    );
    known = {
      id: group.id,
      conversation_id: group.id,
      from_conversation_id: group.id,
      to_conversation_id: saved,
      user_id: friend.id,
      user_ids: [friend.id],
      member_ids: [friend.id],
      message_id: message.id,
      parent_id: message.id,
      ids: [message.id],
      file_id: file.id,
      folder_id: folder.body.folder.id,
      key: file.key,
      join_token: invite.body.invitation_token,
      username: friend.username,
      uuid: '00000000-0000-4000-8000-000000000018',
      message: 'hi',
      // Sign-in fields name nobody: fuzzing them must not lock out the suite's user.
      login: 'nobody@example.org',
      password: 'not-the-password',
      q: 'hello',
      file: 'nothing.jpg',
    };
    sampleOf = seeded(SEED);
    const doc = await client.get<{ paths: Record<string, Record<string, OperationDoc>> }>(
      '/openapi.json',
    );
    ops = operationsOf(doc.body);
  });

  /** A valid-looking value for a field, from what the suite made or its schema. */
  function valueFor(name: string, schema: Schema): unknown {
    if (name in known) return known[name];
    const options = schema.anyOf ?? schema.oneOf;
    if (options) return valueFor(name, options.find((o) => o.type !== 'null') ?? options[0]!);
    if (schema.enum) return schema.enum[0];
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
    if (type === 'boolean') return true;
    if (type === 'array') {
      const item = valueFor(name, schema.items ?? {});
      return Array.from({ length: schema.minItems ?? 1 }, () => item);
    }
    if (type === 'object') {
      const props = schema.properties ?? {};
      return Object.fromEntries(Object.entries(props).map(([k, s]) => [k, valueFor(k, s)]));
    }
    return 'abcd1';
  }

  const text = (value: unknown) => encodeURIComponent(String(value));
  const hostile = (list: string[]) => [
    ...list.slice(0, ALWAYS),
    ...sampleOf(list.slice(ALWAYS), SAMPLED),
  ];

  /** The requests for one operation, signed in. */
  function attemptsFor(op: Operation): Attempt[] {
    const params = Object.fromEntries(
      op.params.map((p) => [p.name, text(valueFor(p.name, p.schema))]),
    );
    const url = (values: Record<string, string>, extraQuery = '') => {
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1');
      const query = op.params
        .filter((p) => p.in === 'query')
        .map((p) => `${p.name}=${values[p.name]}`);
      if (extraQuery) query.push(extraQuery);
      return query.length > 0 ? `${path}?${query.join('&')}` : path;
    };
    const props = op.body ? bodyProperties(op.body) : {};
    const fields = Object.entries(props).map(
      ([name, schema]) => [name, JSON.stringify(valueFor(name, schema))] as [string, string],
    );
    const json = (entries: [string, string][]) =>
      `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
    const validBody = op.body ? json(fields) : undefined;
    const out: Attempt[] = [];
    const add = (what: string, path: string, body = validBody, type?: string) =>
      out.push({ method: op.method, path, body, type, what });

    for (const p of op.params) {
      for (const value of hostile(HOSTILE_TEXT)) {
        add(`${p.in} ${p.name}=${value.slice(0, 40)}`, url({ ...params, [p.name]: value }));
      }
      if (p.in === 'query') {
        add(`query ${p.name} twice`, url(params, `${p.name}=${params[p.name]}`));
      }
    }
    if (op.method === 'GET') {
      add('an unknown query field', url(params, 'constructor=x&__proto__=y&a[b]=c'));
      return out;
    }
    for (const [name] of fields) {
      for (const value of hostile(HOSTILE_JSON)) {
        const body = json(fields.map(([k, v]) => [k, k === name ? value : v]));
        add(`body ${name}=${value.slice(0, 40)}`, url(params), body);
      }
    }
    for (const key of PROTOTYPE_KEYS) {
      add(`body key ${key}`, url(params), json([...fields, [key, '"a\\u0000b"']]));
    }
    for (const value of sampleOf(HOSTILE_JSON, 4)) {
      add(`whole body ${value.slice(0, 40)}`, url(params), value);
    }
    for (const [type, raw] of RAW_BODIES) {
      add(`${type.slice(0, 50)} body ${JSON.stringify(raw.slice(0, 30))}`, url(params), raw, type);
    }
    if (sampleOf([true, false, false, false], 1)[0]) {
      add('a body past the size limit', url(params), json([['a', `"${'x'.repeat(1_100_000)}"`]]));
    }
    return out;
  }

  async function send(attempt: Attempt, token: string | null): Promise<string | null> {
    const headers: Record<string, string> = {};
    if (attempt.type) headers['content-type'] = attempt.type;
    const call = client.call(attempt.method, attempt.path, undefined, {
      ...(token ? { token } : {}),
      ...(attempt.body !== undefined ? { raw: attempt.body } : {}),
      headers,
    });
    // A request left without an answer is a failure too (a cut-off upload once hung on PostgreSQL).
    let timer: NodeJS.Timeout | undefined;
    const res = await Promise.race([
      call,
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), HANG_MS))),
    ]);
    clearTimeout(timer);
    if (res === null) return `no answer in ${HANG_MS} ms: ${label(attempt)}`;
    if (res.status === 401 && token === me.token) {
      // The attempt signed the suite's user out (logout, its own session deleted): sign in again.
      me = { ...me, token: await signIn() };
    }
    const message = (res.body as { message?: unknown } | null)?.message;
    if (res.status >= 500 || (res.status >= 400 && typeof message !== 'string')) {
      return `${res.status} ${label(attempt)} ${JSON.stringify(res.body).slice(0, 200)}`;
    }
    return null;
  }

  const label = (a: Attempt) => `${a.method} ${a.path.slice(0, 120)} [${a.what}]`;

  async function signIn(): Promise<string> {
    const res = await client.post<{ access_token: string }>('/login', {
      login: account.login,
      password: account.password,
    });
    if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.access_token;
  }

  async function run(attempts: Attempt[], token: (a: Attempt) => string | null) {
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < attempts.length) {
        const attempt = attempts[next++]!;
        const failure = await send(attempt, token(attempt));
        if (failure) failures.push(failure);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return failures;
  }

  it('reads a full document', () => {
    expect(ops.length).toBeGreaterThan(70);
    expect(ops.filter((op) => op.body).length).toBeGreaterThan(35);
  });

  it('signed in: every field of every operation, and whole bodies', async () => {
    const attempts = ops.flatMap(attemptsFor);
    const failures = await run(attempts, () => me.token);
    expect(failures).toEqual([]);
    expect(attempts.length).toBeGreaterThan(2000);
  }, 120_000);

  it('over the socket: every field of a send and of the other frames', async () => {
    const { failures, tried } = await fuzzSocketFrames(
      suite.server.url,
      me.token,
      known.to_conversation_id as number,
    );
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(250);
  }, 120_000);

  it('signed out, or with a forged token: the same requests', async () => {
    // Every route, guarded or not; the unguarded ones (register, login, /to, …) get every value.
    const attempts = ops.flatMap((op) =>
      op.secured ? sampleOf(attemptsFor(op), 6) : attemptsFor(op),
    );
    // Half without a token, half with a forged one (chosen by the attempt, so the same each run).
    const failures = await run(attempts, (a) =>
      a.what.length % 2 === 0 ? null : 'eyJhbGciOiJIUzI1NiJ9.e30.forged',
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
