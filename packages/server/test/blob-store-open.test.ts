import S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBlobStore } from '../src/storage/open-blob-store';
import type { S3StoreOptions } from '../src/storage/s3';
import { tempDir } from './harness';

// The start-up check of the configured blob store: a bucket that is missing
// or a server that is not there stops the node with one line, before it
// serves; a reachable bucket is used as it is.

describe('opening the configured blob store', () => {
  let server: S3rver;
  let endpoint: string;
  beforeAll(async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      directory: tempDir('parley-s3rver-'),
      silent: true,
      configureBuckets: [{ name: 'parley-here' }],
    });
    endpoint = `http://127.0.0.1:${(await server.run()).port}`;
  });
  afterAll(() => server.close());

  const s3 = (bucket: string, at = endpoint): { kind: 's3' } & S3StoreOptions => ({
    kind: 's3',
    bucket,
    keyPrefix: '',
    region: 'us-east-1',
    endpoint: at,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

  it('keeps the disk by default, under DATA_DIR/blobs', async () => {
    const opened = await openBlobStore({ kind: 'disk' }, '/srv/parley');
    expect(opened.describe).toBe('disk at /srv/parley/blobs');
  });

  it('uses a reachable bucket: what one store puts, another reads', async () => {
    const one = await openBlobStore(s3('parley-here'), '/unused');
    const two = await openBlobStore(s3('parley-here'), '/unused');
    expect(one.describe).toBe(`s3 bucket parley-here at ${endpoint}`);
    const { key } = await one.blobs.put('files', Buffer.from('shared by every node'));
    const blob = await two.blobs.get(key, { start: 10, end: 19 });
    const chunks: Buffer[] = [];
    for await (const chunk of blob!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('every node');
    expect(blob!.size).toBe(20);
    expect(await two.blobs.get('files/0123456789abcdef0123456789abcdef')).toBeNull();
    expect(await two.blobs.get('../etc/passwd')).toBeNull();
    one.close();
    two.close();
  });

  it('refuses a missing bucket and an absent server in one line', async () => {
    await expect(openBlobStore(s3('parley-nowhere'), '/unused')).rejects.toThrow(
      /^blob store \(s3 bucket parley-nowhere at http:\/\/127\.0\.0\.1:\d+\) unreachable: \S+/,
    );
    // A loopback port nothing listens on (the S3 server's, once closed, is not reused here).
    const closed = new S3rver({
      address: '127.0.0.1',
      port: 0,
      directory: tempDir('parley-s3rver-'),
      silent: true,
    });
    const port = (await closed.run()).port;
    await closed.close();
    const attempt = openBlobStore(s3('parley-here', `http://127.0.0.1:${port}`), '/unused');
    await expect(attempt).rejects.toThrow(/unreachable: .*ECONNREFUSED/);
    await attempt.catch((error: Error) => expect(error.message).not.toContain('\n'));
  });
});
