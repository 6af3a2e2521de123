import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ID_MAX } from '@parley/protocol/constants';
import type { Conversation, ConversationList } from '@parley/protocol/conversation';
import { errorBodySchema } from '@parley/protocol/errors';
import { fileRefusedSchema } from '@parley/protocol/file';
import { MSG } from '@parley/protocol/messages';
import { MESSAGING_MSG } from '@parley/protocol/messaging-texts';
import { WS_CLOSE } from '@parley/protocol/realtime';
import { avatarRefusedSchema } from '@parley/protocol/settings';
import { MALFORMED_MULTIPART } from '../src/http/multipart-errors';
import { createConversation } from './groups';
import type { Client } from './harness';
import { person } from './messaging';
import { TestSocket } from './realtime';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Bad input the fuzz run of issue 18 found answered with a 500: ids past
// PostgreSQL's `integer`, broken multipart bodies, JSON too deep for the
// upload routes' own replies, and body keys named like Object.prototype's
// members. Each must be a 4xx with the usual error body, on both stores.

interface OpenApiSchema {
  maximum?: number;
  properties?: Record<string, OpenApiSchema>;
}
interface OpenApiOperation {
  parameters?: { name: string; schema: OpenApiSchema }[];
  requestBody?: { content: Record<string, { schema: OpenApiSchema }> };
}

/** The first id past PostgreSQL's `integer` (2³¹). */
const BIG = ID_MAX + 1;

describe.each(stores())('bad input answers 4xx ($name)', (backend) => {
  const suite = useSuiteServer(backend);
  let client: Client;
  let me: Person;
  let friend: Person;
  let saved: number;
  let group: number;

  beforeAll(async () => {
    client = suite.client;
    me = await person(client);
    friend = await person(client);
    const list = await client.get<ConversationList>('/user/conversations', { token: me.token });
    saved = list.body.conversations.find((c) => c.is_saved)!.id;
    await client.post<Conversation>(
      '/user/conversations/direct',
      { user_id: friend.id },
      { token: me.token },
    );
    group = (await createConversation(client, me, 'group')).id;
  });

  const call = (method: string, path: string, body?: unknown) =>
    client.call(method, `/api/v1${path}`, body, { token: me.token });

  describe(`ids past ${ID_MAX}`, () => {
    // [label, method, path, body]: every request field and cursor that holds an id.
    const fields = (): [string, string, string, unknown][] => [
      ['conversation_id', 'POST', '/user/conversation', { conversation_id: BIG }],
      ['user_id', 'POST', '/user/conversations/direct', { user_id: BIG }],
      ['member_ids', 'POST', '/user/groups/create', { group_name: 'g', member_ids: [BIG] }],
      [
        'conversation_id',
        'POST',
        '/user/messages',
        { conversation_id: BIG, uuid: randomUUID(), message: 'hi' },
      ],
      [
        'parent_id',
        'POST',
        '/user/messages',
        { conversation_id: saved, uuid: randomUUID(), message: 'hi', parent_id: BIG },
      ],
      [
        'file_id',
        'POST',
        '/user/messages',
        { conversation_id: saved, uuid: randomUUID(), message: 'hi', file_id: BIG },
      ],
      ['message_id', 'POST', `/user/messages/read/${saved}`, { message_id: BIG }],
      [
        'ids',
        'POST',
        '/user/messages/forward',
        { ids: [BIG], from_conversation_id: saved, to_conversation_id: saved },
      ],
      [
        'from_conversation_id',
        'POST',
        '/user/messages/forward',
        { ids: [1], from_conversation_id: BIG, to_conversation_id: saved },
      ],
      [
        'to_conversation_id',
        'POST',
        '/user/messages/forward',
        { ids: [1], from_conversation_id: saved, to_conversation_id: BIG },
      ],
      ['message_id', 'POST', `/user/conversations/${saved}/pinned-message`, { message_id: BIG }],
      ['ids', 'POST', '/user/folders/order', { ids: [BIG] }],
      ['folder_id', 'POST', `/user/conversations/${saved}/folder`, { folder_id: BIG }],
      ['conversation_id', 'POST', '/user/groups/leave', { conversation_id: BIG }],
      ['user_id', 'POST', '/user/groups/leave', { conversation_id: group, user_id: BIG }],
      [
        'conversation_id',
        'POST',
        '/user/role',
        { conversation_id: BIG, user_id: friend.id, role: 'moderator' },
      ],
      ['user_id', 'POST', '/user/role', { conversation_id: group, user_id: BIG, role: null }],
      ['user_ids', 'POST', `/user/conversations/${group}/members`, { user_ids: [BIG] }],
      ['member_ids', 'POST', '/user/groups/create', { group_name: 'g', member_ids: [BIG] }],
      ['member_ids', 'POST', '/user/channels/create', { channel_name: 'c', member_ids: [BIG] }],
      ['folder_id', 'GET', `/user/conversations?folder_id=${BIG}`, undefined],
      ['before', 'GET', `/user/conversations/${saved}/messages?before=${BIG}`, undefined],
      ['after', 'GET', `/user/conversations/${saved}/messages?after=${BIG}`, undefined],
      ['around', 'GET', `/user/conversations/${saved}/messages?around=${BIG}`, undefined],
      ['after', 'GET', `/user/conversations/${group}/members?after=${BIG}`, undefined],
      ['before', 'GET', `/user/search?q=hello&type=messages&before=${BIG}`, undefined],
    ];

    it('in a body or query field: 422 naming the field', async () => {
      const wrong: string[] = [];
      for (const [field, method, path, body] of fields()) {
        const res = await call(method, path, body);
        const errors = (res.body as { errors?: Record<string, unknown> }).errors ?? {};
        if (res.status !== 422 || !(field in errors))
          wrong.push(`${method} ${path} ${field}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      expect(wrong).toEqual([]);
    });

    it('in a path: 404, as any id that does not exist', async () => {
      const B = BIG;
      const paths: [string, string, unknown][] = [
        ['DELETE', `/user/sessions/${B}`, undefined],
        ['POST', `/user/conversations/${B}/pin`, { value: true }],
        ['POST', `/user/conversations/${B}/mute`, { value: true }],
        ['POST', `/user/conversations/${B}/hide`, { value: true }],
        ['POST', `/user/conversations/${B}/notifications`, { status: true }],
        ['POST', `/user/conversations/${B}/keyboard`, { keyboard: null }],
        ['POST', `/user/conversations/${B}/block`, undefined],
        ['POST', `/user/conversations/${B}/unblock`, undefined],
        ['POST', `/user/conversations/${B}/clear`, undefined],
        ['DELETE', `/user/conversations/${B}`, undefined],
        ['PATCH', `/user/folders/${B}`, { name: 'f' }],
        ['DELETE', `/user/folders/${B}`, undefined],
        ['POST', `/user/conversations/${B}/folder`, { folder_id: null }],
        ['PATCH', `/user/messages/${B}`, { message: 'x' }],
        ['DELETE', `/user/messages/${B}`, undefined],
        ['GET', `/user/conversations/${B}/messages`, undefined],
        ['POST', `/user/messages/read/${B}`, undefined],
        ['POST', `/user/conversations/${B}/pinned-message`, { message_id: null }],
        ['GET', `/user/conversations/${B}/members`, undefined],
        ['POST', `/user/conversations/${B}/members`, { user_ids: [friend.id] }],
        ['POST', `/user/conversations/${group}/members/${B}/remove`, undefined],
        ['POST', `/user/conversations/${group}/members/${B}/block`, undefined],
        ['POST', `/user/conversations/${group}/members/${B}/unblock`, {}],
        ['POST', `/user/conversations/${B}/members/${friend.id}/remove`, undefined],
        ['POST', `/user/conversations/${B}/edit`, { name: 'x' }],
        ['POST', `/user/conversations/${B}/invitation`, undefined],
        ['DELETE', `/user/conversations/${B}/invitation`, undefined],
        ['POST', `/user/conversations/${B}/allow-invitation`, { allow_invitation: true }],
        ['POST', `/user/conversations/${B}/avatar`, {}],
        ['GET', `/user/messages/${B}/link-preview`, undefined],
        // Past 2⁵³ too: not an integer JavaScript can hold, still no such id.
        ['GET', `/user/conversations/${'9'.repeat(30)}/messages`, undefined],
      ];
      const wrong: string[] = [];
      for (const [method, path, body] of paths) {
        const res = await call(method, path, body);
        if (res.status !== 404 || !errorBodySchema.safeParse(res.body).success)
          wrong.push(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      expect(wrong).toEqual([]);
    });

    it('in the conversation list cursor (or a date there that is none): 422', async () => {
      for (const cursor of [
        `0_2024-01-01T00:00:00.000Z_${BIG}`,
        '0_2024-02-30T00:00:00.000Z_1',
        '0_2024-13-01T00:00:00.000Z_1',
        '0_0000-01-01T00:00:00.000Z_1',
        '1_2024-01-01T99:99:99Z_1',
      ]) {
        const res = await call('GET', `/user/conversations?before_cursor=${cursor}`);
        expect([cursor, res.status, res.body.errors]).toEqual([
          cursor,
          422,
          { before_cursor: [MESSAGING_MSG.invalidCursor] },
        ]);
      }
    });

    it('over the socket: a send is refused with 422, a resume position closes it as a bad frame', async () => {
      const socket = await TestSocket.open(suite.server.url);
      await socket.ready(me.token);
      socket.send({
        op: 'send',
        ref: 'r1',
        body: { conversation_id: BIG, uuid: randomUUID(), message: 'hi' },
      });
      const failed = await socket.next((f) => f.op === 'send_failed');
      expect(failed).toMatchObject({
        status: 422,
        error: { errors: { conversation_id: expect.any(Array) } },
      });
      socket.close();
      for (const resume of [{ user_seq: BIG }, { conversations: { [saved]: BIG } }]) {
        const again = await TestSocket.open(suite.server.url);
        again.hello(me.token, resume);
        expect((await again.closed).code).toBe(WS_CLOSE.badFrame);
      }
    });

    it('the OpenAPI document states the range', async () => {
      const doc = await client.get<{ paths: Record<string, Record<string, OpenApiOperation>> }>(
        '/openapi.json',
      );
      const send = doc.body.paths['/api/v1/user/messages']!.post!;
      const body = send.requestBody!.content['application/json']!.schema;
      expect(body.properties!.conversation_id!.maximum).toBe(ID_MAX);
      const history = doc.body.paths['/api/v1/user/conversations/{id}/messages']!.get!;
      for (const param of history.parameters!.filter((p) => ['id', 'before'].includes(p.name)))
        expect(param.schema.maximum).toBe(ID_MAX);
    });

    it('the largest id is still an id: not found, not refused', async () => {
      expect((await call('GET', `/user/conversations/${ID_MAX}/messages`)).status).toBe(404);
      const res = await call('POST', '/user/conversation', { conversation_id: ID_MAX });
      expect(res.status).toBe(404);
    });
  });

  describe('malformed multipart', () => {
    const routes = () => [
      '/user/files/upload',
      '/user/avatar/upload',
      '/user/groups/create',
      '/user/channels/create',
      `/user/conversations/${group}/avatar`,
    ];
    const form = (boundary: string, field: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\n` +
      `Content-Type: image/png\r\n\r\n${'x'.repeat(2000)}\r\n--${boundary}--\r\n`;
    const bodies: [string, string, string][] = [
      ['no boundary', 'multipart/form-data', form('b0undary', 'file')],
      ['a wrong boundary', 'multipart/form-data; boundary=other', form('b0undary', 'file')],
      [
        'a truncated body',
        'multipart/form-data; boundary=b0undary',
        form('b0undary', 'file').slice(0, 300),
      ],
      [
        'a truncated avatar',
        'multipart/form-data; boundary=b0undary',
        form('b0undary', 'avatar').slice(0, 300),
      ],
      [
        'a boundary too long',
        `multipart/form-data; boundary=${'b'.repeat(300)}`,
        form('b'.repeat(300), 'file'),
      ],
      ['garbage', 'multipart/form-data; boundary=b0undary', '\u0000\u0001 not a form at all'],
    ];

    it.each(bodies)(
      '%s: 400 or 422 with a message on every multipart route, and nothing thrown out of the process',
      async (_, type, raw) => {
        // A cut-off file once had busboy's second report reach a stream
        // nobody listened to any more: thrown out of the process, which a
        // real server does not survive.
        const uncaught: unknown[] = [];
        const onUncaught = (error: unknown) => uncaught.push(error);
        process.on('uncaughtException', onUncaught);
        const wrong: string[] = [];
        try {
          for (const path of routes()) {
            const res = await client.call('POST', `/api/v1${path}`, undefined, {
              token: me.token,
              raw,
              headers: { 'content-type': type },
            });
            const message = (res.body as { message?: unknown }).message;
            if (![400, 422].includes(res.status) || typeof message !== 'string' || message === '')
              wrong.push(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        } finally {
          process.off('uncaughtException', onUncaught);
        }
        expect(wrong).toEqual([]);
        expect(uncaught).toEqual([]);
      },
    );

    it('an upload the client cuts off leaves the server answering', async () => {
      const socket = connect(Number(new URL(suite.server.url).port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const body = form('b0undary', 'file');
      socket.write(
        `POST /api/v1/user/files/upload HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Authorization: Bearer ${me.token}\r\n` +
          'Content-Type: multipart/form-data; boundary=b0undary\r\n' +
          `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 300)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await client.get('/health')).status).toBe(200);
    });

    it('names the problem', async () => {
      const res = await client.call('POST', '/api/v1/user/files/upload', undefined, {
        token: me.token,
        raw: form('b0undary', 'file'),
        headers: { 'content-type': 'multipart/form-data' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: MALFORMED_MULTIPART });
    });
  });

  describe('JSON on the upload routes', () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    it.each([
      ['/user/files/upload', fileRefusedSchema],
      ['/user/avatar/upload', avatarRefusedSchema],
    ])(
      '%s answers nesting past the limit, and a body past the size limit, with its own reply',
      async (path, schema) => {
        for (const [raw, status] of [
          [deep(40), 422],
          [`{"a":"${'x'.repeat(1024 * 1024 + 10)}"}`, 413],
        ] as const) {
          const res = await client.call('POST', `/api/v1${path}`, undefined, {
            token: me.token,
            raw,
          });
          expect(res.status).toBe(status);
          expect(schema.safeParse(res.body).success).toBe(true);
        }
      },
    );
  });

  describe('keys named like Object.prototype members', () => {
    const keys = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

    it.each(['/login', '/register'])('%s, signed out: 422 naming the key', async (path) => {
      for (const key of keys) {
        const res = await client.post(path, { [key]: 'a\u0000b', login: 'a', password: 'b' });
        expect(res.status).toBe(422);
        expect(errorBodySchema.safeParse(res.body).success).toBe(true);
        expect(Object.keys(res.body.errors as object)).toContain(key);
      }
    });

    it('in a field that is checked, and signed in', async () => {
      const res = await call('POST', '/user/messages', {
        conversation_id: saved,
        uuid: randomUUID(),
        message: 'hi',
        toString: { valueOf: 'x\u0000' },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ toString: [MSG.nulCharacter] });
    });
  });
});
