import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parley/protocol/messages';
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from '@parley/protocol/settings';
import type { User } from '@parley/protocol/user';
import { useBlobStore, withBlobStores } from './blob-stores';
import type { Client } from './harness';
import { pngClaiming, solid } from './images';
import { direct, history, list, person, sent } from './messaging';
import type { Person } from './messaging';
import { TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// POST /user/avatar/upload: only real JPEG/PNG by content, re-encoded to a
// 512×512 JPEG without metadata; refusals answer the spec's {avatar:[…]}.

describe.each(withBlobStores(stores()))('avatar upload ($name, $blobKind)', (matrix) => {
  let client: Client;
  let base: string;
  const stored = useBlobStore(matrix.blobKind);
  const suite = useSuiteServer(matrix.backend, { blobs: stored.blobs });
  beforeAll(() => {
    ({ client } = suite);
    base = suite.server.url;
  });

  async function upload(who: Person | null, data: Buffer, filename: string, field = 'avatar') {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(data)]), filename);
    // A bad token rather than none: without any, the CSRF check answers first (403).
    const headers = { authorization: `Bearer ${who?.token ?? 'not-a-token'}` };
    const res = await fetch(`${base}/api/v1/user/avatar/upload`, {
      method: 'POST',
      body: form,
      headers,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  const refused = (text: string) => ({ message: text, avatar: [text], errors: { avatar: [text] } });

  it('stores a PNG as a 512×512 JPEG, serves it, and shows it to others', async () => {
    const a = await person(client);
    const b = await person(client);
    const chat = await direct(client, a, b);
    const socket = await TestSocket.open(base);
    await socket.ready(b.token, { conversations: { [chat.id]: chat.last_seq } });

    const res = await upload(a, await solid('png'), 'me.png');
    expect(res.status).toBe(200);
    const url = String(res.body.uploaded);
    expect(res.body).toEqual({
      uploaded: expect.stringMatching(/^\/api\/v1\/avatars\/[0-9a-f]{32}\.jpg$/),
    });

    const file = await fetch(`${base}${url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX });
    expect(meta.exif).toBeUndefined();

    expect((await client.get<User>('/user', { token: a.token })).body.avatar).toBe(url);
    const seen = (await list(client, b)).conversations.find((c) => c.id === chat.id);
    expect(seen?.friend?.avatar).toBe(url);
    expect(seen?.avatar).toBe(url);
    const frame = await socket.next((f) => f.op === 'event' && f.type === 'user.updated');
    expect(frame).toMatchObject({ payload: { user_id: a.id, avatar: url } });
    // Their messages carry the picture: the send's reply, its event and the history.
    const message = await sent(client, a, chat.id, 'with my new picture');
    expect(message.sender).toEqual({ id: a.id, name: a.name, avatar: url });
    const event = await socket.next((f) => f.op === 'event' && f.type === 'message.new');
    expect(event).toMatchObject({ payload: { message: { sender: { avatar: url } } } });
    const page = await history(client, b, chat.id);
    expect(page.messages.find((m) => m.id === message.id)?.sender?.avatar).toBe(url);
    socket.close();

    // A new avatar replaces the file: the old URL is gone.
    const again = await upload(a, await solid('png', 30, 30), 'again.PNG');
    expect(again.status).toBe(200);
    expect((await fetch(`${base}${url}`)).status).toBe(404);
  });

  it('turns a JPEG upright and strips its EXIF', async () => {
    const a = await person(client);
    const photo = await sharp({
      create: { width: 90, height: 40, channels: 3, background: '#123' },
    })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'where I live' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(a, photo, 'photo.JPEG');
    expect(res.status).toBe(200);
    const stored = Buffer.from(
      await (await fetch(`${base}${String(res.body.uploaded)}`)).arrayBuffer(),
    );
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('where I live'))).toBe(false);
  });

  it('refuses what is not a real JPEG or PNG, whatever its name', async () => {
    const a = await person(client);
    const text = await upload(a, Buffer.from('<svg onload="alert(1)"></svg>'), 'evil.png');
    expect(text).toEqual({ status: 422, body: refused(MSG.avatarNotImage) });
    const gifAsPng = await upload(a, await solid('gif'), 'cat.png');
    expect(gifAsPng).toEqual({ status: 422, body: refused(MSG.avatarNotImage) });
    const gif = await upload(a, await solid('gif'), 'cat.gif');
    expect(gif).toEqual({ status: 422, body: refused(MSG.avatarExtension) });
    // A real PNG header with nothing decodable behind it.
    const truncated = (await solid('png')).subarray(0, 40);
    expect((await upload(a, truncated, 'cut.png')).body).toEqual(refused(MSG.avatarNotImage));
    expect((await client.get<User>('/user', { token: a.token })).body.avatar).toBeNull();
  });

  it('refuses a decompression bomb from its header', async () => {
    const a = await person(client);
    const bomb = pngClaiming(100_000, 100_000);
    expect(bomb.length).toBeLessThan(100);
    const res = await upload(a, bomb, 'bomb.png');
    expect(res).toEqual({ status: 422, body: refused(MSG.avatarTooManyPixels) });
  });

  it('refuses a file over the size limit with 413', async () => {
    const a = await person(client);
    const big = Buffer.concat([await solid('png'), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const res = await upload(a, big, 'big.png');
    expect(res).toEqual({ status: 413, body: refused(MSG.avatarTooLarge) });
  });

  it('needs the avatar field, multipart and a signed-in user', async () => {
    const a = await person(client);
    expect(await upload(a, await solid('png'), 'me.png', 'picture')).toEqual({
      status: 422,
      body: refused(MSG.avatarRequired),
    });
    const json = await client.post('/user/avatar/upload', { avatar: 'x' }, { token: a.token });
    expect(json.status).toBe(422);
    expect(json.body).toEqual(refused(MSG.avatarRequired));
    expect((await upload(null, await solid('png'), 'me.png')).status).toBe(401);
  });

  it('serves only avatar names it made', async () => {
    for (const path of [
      '/avatars/nothing.jpg',
      '/avatars/..%2F..%2Fparley.sqlite',
      `/avatars/${'0'.repeat(32)}.jpg`,
    ]) {
      const res = await client.get(path);
      expect(res.status, path).toBe(404);
    }
  });
});
