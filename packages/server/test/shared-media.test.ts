import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import type { SharedMediaReply } from '@parley/protocol/shared-media';
import { fileCalls } from './files';
import type { Client } from './harness';
import { pdf, solid } from './images';
import { direct, person, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// GET /user/conversations/:id/shared-media: a conversation's pictures and
// videos, other files, or links, newest first and paged by id, with the
// reader's history rules (members only, cleared history and messages
// deleted for them left out).

/** The smallest WebM header file-type knows (EBML, DocType "webm"). */
const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.from([0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02]),
  Buffer.alloc(200),
]);

describe.each(stores())('shared media of a conversation ($name)', (backend) => {
  const suite = useSuiteServer(backend);
  const { uploaded } = fileCalls(() => suite.server.url);
  let client: Client;
  let alice: Person;
  let bob: Person;
  let eve: Person;
  let chat: Conversation;
  /** Message ids by what they carry. */
  const ids: Record<string, number> = {};

  const shared = (who: Person, query = '', id = chat.id) =>
    client.get<SharedMediaReply>(`/user/conversations/${id}/shared-media${query}`, {
      token: who.token,
    });
  const idsOf = (reply: { body: SharedMediaReply }) => reply.body.messages.map((m) => m.id);

  beforeAll(async () => {
    ({ client } = suite);
    [alice, bob, eve] = [await person(client), await person(client), await person(client)];
    chat = await direct(client, alice, bob);
    const send = async (name: string, text: string, file?: { data: Buffer; as: string }) => {
      const extra = file ? { file_id: (await uploaded(alice, file.data, file.as)).id } : {};
      ids[name] = (await sent(client, alice, chat.id, text, extra)).id;
    };
    await send('photo1', 'first', { data: await solid('png'), as: 'a.png' });
    await send('text', 'no link here');
    await send('pdf', '', { data: pdf(), as: 'minutes.pdf' });
    await send('link', 'see https://example.org/x');
    await send('video', 'clip', { data: WEBM, as: 'clip.webm' });
    await send('photo2', '', { data: await solid('jpeg'), as: 'b.jpg' });
  });

  it('lists pictures and videos, other files, and links, newest first', async () => {
    const media = await shared(bob);
    expect(media.status).toBe(200);
    expect(idsOf(media)).toEqual([ids.photo2, ids.video, ids.photo1]);
    expect(media.body.has_more).toBe(false);
    expect(media.body.messages[1]?.attached_file?.mime).toBe('video/webm');
    expect(media.body.messages[2]?.message).toBe('first');
    expect(idsOf(await shared(bob, '?kind=files'))).toEqual([ids.pdf]);
    expect(idsOf(await shared(bob, '?kind=links'))).toEqual([ids.link]);
  });

  it('pages by `before` a message id', async () => {
    const first = await shared(bob, '?limit=2');
    expect(idsOf(first)).toEqual([ids.photo2, ids.video]);
    expect(first.body.has_more).toBe(true);
    const next = await shared(bob, `?limit=2&before=${ids.video}`);
    expect(idsOf(next)).toEqual([ids.photo1]);
    expect(next.body.has_more).toBe(false);
  });

  it('refuses bad queries with 422', async () => {
    for (const query of ['?kind=voice', '?limit=0', '?limit=101', '?before=-1', '?before=x']) {
      expect((await shared(bob, query)).status, query).toBe(422);
    }
  });

  it('answers 404 to a non-member, an unknown conversation, and 401 without a token', async () => {
    expect((await shared(eve)).status).toBe(404);
    expect((await shared(bob, '', 999_999_999)).status).toBe(404);
    const anonymous = await client.get(`/user/conversations/${chat.id}/shared-media`);
    expect(anonymous.status).toBe(401);
  });

  it('leaves out what the reader deleted for themselves and their cleared history', async () => {
    const hidden = await client.call(
      'DELETE',
      `/api/v1/user/messages/${ids.photo2}?for=me`,
      undefined,
      { token: bob.token },
    );
    expect(hidden.status).toBe(200);
    expect(idsOf(await shared(bob))).toEqual([ids.video, ids.photo1]);
    // Alice still sees it: hidden for Bob only.
    expect(idsOf(await shared(alice))).toEqual([ids.photo2, ids.video, ids.photo1]);

    const cleared = await client.post(`/user/conversations/${chat.id}/clear`, undefined, {
      token: bob.token,
    });
    expect(cleared.status).toBe(200);
    expect(idsOf(await shared(bob))).toEqual([]);
    expect(idsOf(await shared(alice, '?kind=files'))).toEqual([ids.pdf]);
  });
});
