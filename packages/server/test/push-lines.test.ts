import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileCalls } from './files';
import { groupWith } from './groups';
import { pdf, solid } from './images';
import { direct, person } from './messaging';
import type { Person } from './messaging';
import { startPushReceiver } from './push-receiver';
import type { PushReceiver } from './push-receiver';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// What a push says of a message is the chat list's line (protocol
// rules/message-line.ts): "Photo: look at this", "File", the caption's
// words without their markers and with spoilers masked, a sign-in notice's
// sentence in the device's language — never "New message" for them.
// Decrypted by a real receiver (push-receiver.ts), on every store.

describe.each(stores())('push lines ($name)', (backend) => {
  let receiver: PushReceiver;
  const allowed = { address: '127.0.0.1', port: 0 };
  beforeAll(async () => {
    receiver = await startPushReceiver();
    allowed.port = receiver.port;
  });
  const suite = useSuiteServer(backend, {
    publicUrl: 'https://parley.test',
    push: {
      guard: {
        resolver: () => Promise.reject(new Error('no DNS in tests')),
        allow: [allowed],
        onlyAllowed: false,
      },
      pollMs: 0,
      backoffMs: 1000,
    },
  });
  afterAll(async () => {
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  const drain = () => suite.server.app.push.settle();
  const files = fileCalls(() => suite.server.url);
  let alice: Person;
  let bob: Person;
  let chat: number;
  beforeAll(async () => {
    [alice, bob] = [await person(suite.client), await person(suite.client)];
    chat = (await direct(suite.client, alice, bob)).id;
    await drain();
    const device = receiver.device('lines-bob');
    const reply = await suite.client.post(
      '/user/apps/token/create',
      { token: JSON.stringify(device.subscription), app_type: 'web' },
      { token: bob.token, headers: { 'accept-language': 'fr' } },
    );
    expect(reply.status).toBe(200);
  });

  const pushedBody = async (message: string, file?: { data: Buffer; name: string }) => {
    const fileId = file ? (await files.uploaded(alice, file.data, file.name)).id : null;
    const send = await suite.client.post(
      '/user/messages',
      {
        conversation_id: chat,
        uuid: randomUUID(),
        message,
        ...(fileId ? { file_id: fileId } : {}),
      },
      { token: alice.token },
    );
    expect(send.status).toBe(200);
    await drain();
    const [push] = await receiver.waitFor(1);
    return push?.payload.body;
  };

  it("says a photo's caption after its label, in the device's language", async () => {
    const png = await solid('png', 40, 30);
    expect(await pushedBody('look at this', { data: png, name: 'x.png' })).toBe(
      'Photo\u00a0: look at this',
    );
  });

  it('says "File" for a file without a caption, and the caption\'s words with spoilers masked', async () => {
    expect(await pushedBody('', { data: pdf(), name: 'report.pdf' })).toBe('Fichier');
    receiver.received.length = 0;
    expect(await pushedBody('**the** ||secret|| plan', { data: pdf(), name: 'r.pdf' })).toBe(
      'Fichier\u00a0: the ▒▒▒ plan',
    );
    receiver.received.length = 0;
    expect(await pushedBody('_only_ words')).toBe('only words');
  });

  it("names a group message's writer with the device's language's spacing (French: \"Ann : …\")", async () => {
    const group = await groupWith(suite.client, alice, 'Choir', bob);
    await drain();
    receiver.received.length = 0;
    const send = await suite.client.post(
      '/user/messages',
      { conversation_id: group.id, uuid: randomUUID(), message: 'hello choir' },
      { token: alice.token },
    );
    expect(send.status).toBe(200);
    await drain();
    const [push] = await receiver.waitFor(1);
    expect(push?.payload.body).toMatch(/^\S.*\u00a0: hello choir$/);
  });

  it("says a sign-in notice's sentence, the device in the device's language", async () => {
    const login = await suite.client.post(
      '/login',
      { login: `${bob.username}@example.org`, password: 'secret-password' },
      {
        headers: {
          'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile Safari/537.36',
        },
      },
    );
    expect(login.status).toBe(200);
    await drain();
    const [push] = await receiver.waitFor(1);
    expect(push?.payload.title).toBe('Parley');
    expect(push?.payload.body).toMatch(
      /^Nouvelle connexion\u00a0: Chrome sur Android, 127\.0\.0\.1, \d\d\/\d\d\/\d{4}, \d\d:\d\d$/,
    );
  });
});
