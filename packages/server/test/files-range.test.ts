import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AttachedFile } from '@parley/protocol/file';
import { useBlobStore, withBlobStores } from './blob-stores';
import { bytes, fileCalls } from './files';
import type { Client } from './harness';
import { pdf, solid } from './images';
import { direct, person, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Range requests on file downloads (seeking in audio and video, resumed
// downloads): one range is a 206 with the same protective headers as a
// whole download, past the end is a 416, several ranges get the whole file,
// and who may read is still decided on every request.

describe.each(withBlobStores(stores()))('file downloads by range ($name, $blobKind)', (matrix) => {
  const stored = useBlobStore(matrix.blobKind);
  const suite = useSuiteServer(matrix.backend, { blobs: stored.blobs });
  let client: Client;
  let base: string;
  let alice: Person;
  let bob: Person;
  let carol: Person;
  /** A PDF followed by random bytes: served as sent (not a picture, so not re-encoded). */
  let data: Buffer;
  let file: AttachedFile;
  const { uploaded, download } = fileCalls(() => base);

  beforeAll(async () => {
    ({ client } = suite);
    base = suite.server.url;
    [alice, bob, carol] = [await person(client), await person(client), await person(client)];
    const chat = await direct(client, alice, bob);
    data = Buffer.concat([pdf(), randomBytes(20_000)]);
    file = await uploaded(alice, data, 'talk.pdf');
    await sent(client, alice, chat.id, 'the recording', { file_id: file.id });
  });

  const ranged = (range: string, who: Person | null = bob, extra: Record<string, string> = {}) =>
    download(file.url, who, 'bearer', { range, ...extra });

  /** A 206 carrying `start`–`end` of the file, with every header a whole download has. */
  async function expectPart(res: Response, start: number, end: number) {
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${data.length}`);
    expect(res.headers.get('content-length')).toBe(String(end - start + 1));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="talk.pdf"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('etag')).toBe(`"${file.key}"`);
    expect((await bytes(res)).equals(data.subarray(start, end + 1))).toBe(true);
  }

  async function expectWhole(res: Response) {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String(data.length));
    expect((await bytes(res)).equals(data)).toBe(true);
  }

  it('says it takes ranges, and serves the whole file without one', async () => {
    const res = await download(file.url, bob);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    await expectWhole(res);
  });

  it('serves the first bytes, a suffix, an open-ended range and a range past the end', async () => {
    const last = data.length - 1;
    await expectPart(await ranged('bytes=0-99'), 0, 99);
    await expectPart(await ranged('bytes=-500'), data.length - 500, last);
    await expectPart(await ranged('bytes=15000-'), 15_000, last);
    await expectPart(await ranged(`bytes=${last - 9}-${last + 1000}`), last - 9, last);
    // The token cookie (an <audio> element's request) works the same way.
    await expectPart(await download(file.url, bob, 'cookie', { range: 'bytes=1-1' }), 1, 1);
  });

  it('answers HEAD with the same status and headers, without the bytes', async () => {
    const headers = { authorization: `Bearer ${bob.token}`, range: 'bytes=0-99' };
    const res = await fetch(`${base}${file.url}`, { method: 'HEAD', headers });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-99/${data.length}`);
    expect(res.headers.get('content-length')).toBe('100');
    expect((await bytes(res)).length).toBe(0);
  });

  it('resumes a download: two ranges put together are the file', async () => {
    const head = await bytes(await ranged('bytes=0-8191'));
    const tail = await bytes(await ranged(`bytes=${head.length}-`));
    expect(Buffer.concat([head, tail]).equals(data)).toBe(true);
  });

  it('answers 416 with the size for a range that starts past the end', async () => {
    for (const range of [`bytes=${data.length}-`, `bytes=${data.length + 5}-${data.length + 9}`]) {
      const res = await ranged(range);
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${data.length}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await bytes(res)).length).toBe(0);
    }
  });

  it('serves the whole file for several ranges, another unit or a malformed header', async () => {
    for (const range of [
      'bytes=0-9,100-109',
      'bytes=0-9, -10',
      'items=0-9',
      'bytes=9-0',
      'bytes=x',
    ]) {
      await expectWhole(await ranged(range));
    }
  });

  it('keeps a range only while If-Range names this file', async () => {
    await expectPart(await ranged('bytes=10-19', bob, { 'if-range': `"${file.key}"` }), 10, 19);
    await expectWhole(await ranged('bytes=10-19', bob, { 'if-range': '"someone-else"' }));
    await expectWhole(
      await ranged('bytes=10-19', bob, { 'if-range': 'Sat, 01 Jan 2000 00:00:00 GMT' }),
    );
  });

  it('checks who may read on every range request', async () => {
    const refused = await ranged('bytes=0-99', carol);
    expect(refused.status).toBe(404);
    expect(refused.headers.get('content-range')).toBeNull();
    expect((await ranged(`bytes=${data.length}-`, carol)).status).toBe(404);
    expect((await ranged('bytes=0-99', null)).status).toBe(401);
    // The uploader reads it too (a member of the chat), a stranger's cookie does not.
    await expectPart(await ranged('bytes=0-3', alice), 0, 3);
    expect((await download(file.url, carol, 'cookie', { range: 'bytes=0-3' })).status).toBe(404);
  });

  it('always sends a thumbnail whole', async () => {
    const picture = await uploaded(alice, await solid('png', 900, 600), 'p.png');
    const res = await download(picture.thumbnail_url ?? '', alice, 'bearer', {
      range: 'bytes=0-9',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('accept-ranges')).toBeNull();
    expect(Number(res.headers.get('content-length'))).toBe((await bytes(res)).length);
  });
});
