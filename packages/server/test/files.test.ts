import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_MSG, THUMBNAIL_MAX_PX } from '@parley/protocol/file';
import type { Message } from '@parley/protocol/message';
import { MESSAGING_MSG } from '@parley/protocol/messaging-texts';
import { useBlobStore, withBlobStores } from './blob-stores';
import { bytes, fileCalls } from './files';
import { befriend, createConversation, memberAction } from './groups';
import type { Client } from './harness';
import { pdf, pngClaiming, solid } from './images';
import { direct, history, person, send, sent } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Files in conversations: streamed upload with a size limit, content
// sniffing, thumbnails, and downloads only for members of a conversation
// holding the file — checked again on every request.

/** A small limit, so "too big" needs no 25 MB upload. */
const MAX_BYTES = 256 * 1024;

describe.each(withBlobStores(stores()))('files in conversations ($name, $blobKind)', (matrix) => {
  const { backend } = matrix;
  const stored = useBlobStore(matrix.blobKind);
  const suite = useSuiteServer(backend, {
    blobs: stored.blobs,
    files: { maxBytes: MAX_BYTES },
  });
  let client: Client;
  let base: string;
  beforeAll(() => {
    ({ client } = suite);
    base = suite.server.url;
  });

  const { upload, uploaded, download } = fileCalls(() => base);
  const refused = (text: string) => ({ message: text, file: [text], errors: { file: [text] } });

  it('uploads a picture with a thumbnail and its size, and shows it to the other member', async () => {
    const alice = await person(client);
    const bob = await person(client);
    const chat = await direct(client, alice, bob);
    const png = await solid('png', 1200, 800);
    const file = await uploaded(alice, png, 'holiday.png', 'application/octet-stream');
    expect(file).toMatchObject({
      name: 'holiday.png',
      size: png.length,
      mime: 'image/png',
      is_image: true,
      width: 1200,
      height: 800,
      url: `/api/v1/files/${file.key}`,
      thumbnail_url: `/api/v1/files/${file.key}/thumbnail`,
    });
    expect(file.key).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // Before it is attached, the upload is its uploader's alone.
    expect((await download(file.url, alice)).status).toBe(200);
    expect((await download(file.url, bob)).status).toBe(404);

    // Text is optional with a file; the type says what it is.
    const message = await sent(client, alice, chat.id, '', { file_id: file.id });
    expect(message).toMatchObject({
      message: '',
      type: 'image',
      file: file.url,
      attached_file: file,
    });
    const seen = (await history(client, bob, chat.id)).messages.at(-1);
    expect(seen?.attached_file).toEqual(file);

    const res = await download(file.url, bob);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(png.length));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="holiday.png"/);
    expect((await bytes(res)).equals(png)).toBe(true);

    const thumb = await download(file.thumbnail_url ?? '', bob, 'cookie');
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(await bytes(thumb)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: THUMBNAIL_MAX_PX, height: 320 });

    // Revalidation answers 304 (after the access check), and no token is 401.
    const etag = res.headers.get('etag') ?? '';
    const again = await fetch(`${base}${file.url}`, {
      headers: { authorization: `Bearer ${bob.token}`, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect((await download(file.url, null)).status).toBe(401);
  });

  it('serves a PDF as an attachment under its sanitized name', async () => {
    const alice = await person(client);
    const bob = await person(client);
    const chat = await direct(client, alice, bob);
    const doc = pdf();
    // A path and a right-to-left override: neither reaches the stored name.
    const file = await uploaded(alice, doc, '../../report\u202Efdp.exe.pdf', 'image/png');
    expect(file).toMatchObject({
      name: 'reportfdp.exe.pdf',
      mime: 'application/pdf',
      is_image: false,
      width: null,
      height: null,
      thumbnail_url: null,
    });
    const message = await sent(client, alice, chat.id, 'the report', { file_id: file.id });
    expect(message).toMatchObject({ message: 'the report', type: 'file' });
    const res = await download(file.url, bob);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="reportfdp.exe.pdf"; filename*=UTF-8''reportfdp.exe.pdf`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await bytes(res)).equals(doc)).toBe(true);
    expect((await download(`${file.url}/thumbnail`, bob)).status).toBe(404);
  });

  it('decides the type by content, not by the name or the declared type', async () => {
    const alice = await person(client);
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const file = await uploaded(alice, html, 'cat.png', 'image/png');
    expect(file).toMatchObject({
      name: 'cat.png',
      mime: 'application/octet-stream',
      is_image: false,
      thumbnail_url: null,
    });
    const res = await download(file.url, alice);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    // A GIF named .jpg is a GIF.
    const gif = await uploaded(alice, await solid('gif'), 'photo.jpg', 'image/jpeg');
    expect(gif).toMatchObject({ mime: 'image/gif', is_image: true, width: 80, height: 60 });
  });

  it('refuses a file over the limit with 413 and keeps nothing of it', async () => {
    const alice = await person(client);
    const before = await stored.stored();
    const big = Buffer.concat([pdf(), Buffer.alloc(MAX_BYTES)]);
    expect(await upload(alice, big, 'big.pdf')).toEqual({
      status: 413,
      body: refused(FILE_MSG.fileTooLarge),
    });
    expect(await stored.stored()).toEqual(before);
    // Exactly the limit is fine.
    const exact = Buffer.concat([pdf(), Buffer.alloc(MAX_BYTES - pdf().length)]);
    expect((await upload(alice, exact, 'exact.pdf')).status).toBe(200);
  });

  it('refuses a decompression bomb and a broken picture, keeping nothing', async () => {
    const alice = await person(client);
    const before = await stored.stored();
    const bomb = pngClaiming(100_000, 100_000);
    expect(await upload(alice, bomb, 'bomb.png')).toEqual({
      status: 422,
      body: refused(FILE_MSG.imageTooManyPixels),
    });
    const broken = (await solid('png')).subarray(0, 60);
    expect(await upload(alice, broken, 'cut.png')).toEqual({
      status: 422,
      body: refused(FILE_MSG.imageUnreadable),
    });
    expect(await stored.stored()).toEqual(before);
  });

  it('needs the file field and multipart', async () => {
    const alice = await person(client);
    expect(await upload(alice, pdf(), 'a.pdf', '', 'picture')).toEqual({
      status: 422,
      body: refused(FILE_MSG.fileRequired),
    });
    const json = await client.post('/user/files/upload', { file: 'x' }, { token: alice.token });
    expect(json).toMatchObject({ status: 422, body: refused(FILE_MSG.fileRequired) });
  });

  it('attaches only the sender’s own unattached upload, once', async () => {
    const alice = await person(client);
    const bob = await person(client);
    const chat = await direct(client, alice, bob);
    const file = await uploaded(alice, pdf(), 'a.pdf');
    const unavailable = {
      status: 422,
      body: { errors: { file_id: [FILE_MSG.fileUnavailable] } },
    };
    // Someone else's upload.
    expect(await send(client, bob, chat.id, 'mine now', { file_id: file.id })).toMatchObject(
      unavailable,
    );
    const uuid = randomUUID();
    const body = { conversation_id: chat.id, uuid, message: 'once', file_id: file.id };
    const first = await client.post<Message>('/user/messages', body, { token: alice.token });
    expect(first.status).toBe(200);
    // A retry of the same send is the same message; a second send of the file is refused.
    const retry = await client.post<Message>('/user/messages', body, { token: alice.token });
    expect(retry.body.id).toBe(first.body.id);
    expect(await send(client, alice, chat.id, 'twice', { file_id: file.id })).toMatchObject(
      unavailable,
    );
    expect(await send(client, alice, chat.id, 'none', { file_id: 999_999 })).toMatchObject(
      unavailable,
    );
    // Without a file the text is still required.
    expect(await send(client, alice, chat.id, '  ')).toMatchObject({
      status: 422,
      body: { errors: { message: [MESSAGING_MSG.messageRequired] } },
    });
  });

  it('never serves a file to someone outside its conversations', async () => {
    const alice = await person(client);
    const bob = await person(client);
    const carol = await person(client);
    const chat = await direct(client, alice, bob);
    const file = await uploaded(alice, await solid('png'), 'p.png');
    await sent(client, alice, chat.id, 'for bob', { file_id: file.id });
    for (const url of [file.url, file.thumbnail_url ?? '']) {
      expect((await download(url, carol)).status, url).toBe(404);
      expect((await download(url, carol, 'cookie')).status, url).toBe(404);
      expect((await download(url, bob)).status, url).toBe(200);
    }
    for (const path of ['/api/v1/files/nothing', `/api/v1/files/${'A'.repeat(22)}`]) {
      expect((await download(path, bob)).status, path).toBe(404);
    }
  });

  it('keeps the file on a forward, and drops it when every message with it is deleted', async () => {
    const alice = await person(client);
    const bob = await person(client);
    const carol = await person(client);
    const ab = await direct(client, alice, bob);
    const bc = await direct(client, bob, carol);
    const file = await uploaded(alice, await solid('png'), 'p.png');
    const original = await sent(client, alice, ab.id, 'look', { file_id: file.id });

    const forward = await client.post<{ messages: Message[] }>(
      '/user/messages/forward',
      { ids: [original.id], from_conversation_id: ab.id, to_conversation_id: bc.id },
      { token: bob.token },
    );
    expect(forward.status).toBe(200);
    expect(forward.body.messages[0]).toMatchObject({
      type: 'image',
      file: file.url,
      attached_file: file,
    });
    expect((await download(file.url, carol)).status).toBe(200);

    // The original goes: alice loses the file (she is not in bob and carol's chat); the forward keeps it.
    const del = await client.delete(`/user/messages/${original.id}?for=everyone`, {
      token: alice.token,
    });
    expect(del.status).toBe(200);
    expect((await download(file.url, alice)).status).toBe(404);
    expect((await download(file.url, carol)).status).toBe(200);

    // The last message with it goes: the file and its blobs are removed.
    const before = (await stored.stored()).length;
    const copy = forward.body.messages[0]?.id ?? 0;
    await client.delete(`/user/messages/${copy}?for=everyone`, { token: bob.token });
    expect((await download(file.url, carol)).status).toBe(404);
    expect((await download(file.url, bob)).status).toBe(404);
    expect((await stored.stored()).length).toBe(before - 2);
  });

  it('stops serving a removed group member at once', async () => {
    const owner = await person(client);
    const member = await person(client);
    await befriend(client, owner, member);
    const group = await createConversation(client, owner, 'group', { member_ids: [member.id] });
    const file = await uploaded(owner, pdf(), 'minutes.pdf');
    await sent(client, owner, group.id, 'minutes', { file_id: file.id });
    expect((await download(file.url, member)).status).toBe(200);
    const removed = await memberAction(client, owner, group.id, member, 'remove');
    expect(removed.status).toBe(200);
    expect((await download(file.url, member)).status).toBe(404);
    expect((await download(file.url, owner)).status).toBe(200);
  });

  it('sweeps uploads left unattached for a day, and nothing attached', async () => {
    const alice = await person(client);
    const bob = await person(client);
    const chat = await direct(client, alice, bob);
    const left = await uploaded(alice, pdf(), 'left.pdf');
    const used = await uploaded(alice, pdf(), 'used.pdf');
    await sent(client, alice, chat.id, 'used', { file_id: used.id });
    const app = suite.server.app;
    await app.filesSweep(new Date(Date.now() + 60_000));
    expect((await download(left.url, alice)).status).toBe(200);
    expect(await app.filesSweep(new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect((await download(left.url, alice)).status).toBe(404);
    expect((await download(used.url, bob)).status).toBe(200);
    // A swept upload can no longer be attached.
    expect(await send(client, alice, chat.id, 'late', { file_id: left.id })).toMatchObject({
      status: 422,
    });
  });

  it('sweeps blobs no file row points at once they are an hour old, and nothing in use', async () => {
    const { app } = suite.server;
    const alice = await person(client);
    const bob = await person(client);
    const chat = await direct(client, alice, bob);
    const kept = await uploaded(alice, await solid('png', 300, 200), 'kept.png');
    await sent(client, alice, chat.id, 'kept', { file_id: kept.id });
    // Blobs a crash left behind: stored, never recorded in a row.
    const lost = await stored.blobs.put(
      'files',
      Buffer.from('bytes of an upload that never got its row'),
    );
    const lostThumb = await stored.blobs.put(
      'thumbnails',
      Buffer.from('a thumbnail without a row'),
    );
    const inUse = await stored.stored();
    expect(inUse).toEqual(expect.arrayContaining([lost.key, lostThumb.key]));

    // Younger than the age threshold: it may be an upload still on its way to its row.
    await app.filesSweep(new Date(Date.now() + 30 * 60_000));
    expect(await stored.stored()).toEqual(inUse);

    await app.filesSweep(new Date(Date.now() + 2 * 3_600_000));
    const after = await stored.stored();
    expect(after).not.toContain(lost.key);
    expect(after).not.toContain(lostThumb.key);
    expect(after).toEqual(inUse.filter((k) => k !== lost.key && k !== lostThumb.key));
    // The attached picture and its thumbnail are untouched.
    const res = await download(kept.url, bob);
    expect(res.status).toBe(200);
    expect((await download(`${kept.url}/thumbnail`, bob)).status).toBe(200);
  });
});
