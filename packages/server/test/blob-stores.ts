import { readdirSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, relative } from 'node:path';
import type { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll } from 'vitest';
import type { BlobPrefix, BlobStore, ByteRange } from '../src/storage/blob-store';
import { createLocalDiskStore } from '../src/storage/local-disk';
import { createS3Client, createS3Store } from '../src/storage/s3';
import type { S3StoreOptions } from '../src/storage/s3';
import { tempDir } from './harness';

// The blob stores the file suites run on: the local disk, and an
// S3-compatible bucket served on 127.0.0.1 by s3rver (docs/TESTING.md says
// why that one). Each suite gets its own directory or its own server.

export type BlobKind = 'disk' | 's3';
export const BLOB_KINDS: BlobKind[] = ['disk', 's3'];

export interface TestBlobs {
  /** Handed to the app; usable at once (an S3 store waits for its server). */
  blobs: BlobStore;
  /** Everything stored under files/ and thumbnails/, partial writes included, sorted. */
  stored(): Promise<string[]>;
  /** The bytes of one stored key. */
  bytesOf(key: string): Promise<Buffer>;
}

async function toBuffer(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function diskBlobs(): TestBlobs {
  const root = tempDir('parley-blobs-');
  const blobs = createLocalDiskStore(root);
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
      );
    } catch {
      return []; // nothing stored yet
    }
  };
  return {
    blobs,
    async stored() {
      return ['files', 'thumbnails']
        .flatMap((prefix) => walk(join(root, prefix)))
        .map((path) => relative(root, path).replace(/\/[0-9a-f]{2}\/([0-9a-f]{32})$/, '/$1'))
        .sort();
    },
    bytesOf: (key) => readBlob(blobs, key),
  };
}

async function readBlob(blobs: BlobStore, key: string) {
  const blob = await blobs.get(key);
  if (!blob) throw new Error(`no blob ${key}`);
  return toBuffer(blob.stream);
}

/** A BlobStore whose calls wait for `ready`: the app is built before the S3 server has a port. */
function deferred(ready: Promise<BlobStore>): BlobStore {
  return {
    put: async (prefix: BlobPrefix, data) => (await ready).put(prefix, data),
    get: async (key: string, range?: ByteRange) => (await ready).get(key, range),
    delete: async (key: string) => (await ready).delete(key),
    async *listOlderThan(prefix, before) {
      yield* (await ready).listOlderThan(prefix, before);
    },
    removeAbandoned: async (before) => (await ready).removeAbandoned(before),
  };
}

/**
 * s3rver signs a bucket request's path without its trailing slash (it
 * rebuilds "/bucket" from the route) while the SDK signs the "/bucket/" it
 * sends, so ListObjectsV2 fails its signature check. Real S3, MinIO and
 * the others sign the path as sent: only the test server's client drops
 * that slash, before signing.
 */
function s3rverClient(options: S3StoreOptions) {
  const client = createS3Client(options);
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: string };
      if (request.path && /^\/[^/]+\/$/.test(request.path))
        request.path = request.path.slice(0, -1);
      return next(args);
    },
    { step: 'build' },
  );
  return client;
}

function s3Blobs(): TestBlobs {
  const bucket = 'parley-test';
  let server: S3rver | null = null;
  let resolve!: (options: S3StoreOptions) => void;
  const options = new Promise<S3StoreOptions>((r) => (resolve = r));
  const ready = options.then((o) => createS3Store(o, s3rverClient(o)));
  beforeAll(async () => {
    const address = '127.0.0.1';
    // The network rule: only loopback, checked before anything connects.
    if (isIP(address) !== 4 || !address.startsWith('127.')) throw new Error('not loopback');
    server = new S3rver({
      address,
      port: 0,
      directory: tempDir('parley-s3rver-'),
      silent: true,
      configureBuckets: [{ name: bucket }],
    });
    const { port } = await server.run();
    resolve({
      bucket,
      keyPrefix: 'node/',
      region: 'us-east-1',
      endpoint: `http://${address}:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    (await ready).close();
    await server?.close();
  });
  const blobs = deferred(ready);
  return {
    blobs,
    async stored() {
      const o = await options;
      const client = s3rverClient(o);
      const answer = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: o.keyPrefix }),
      );
      client.destroy();
      return (answer.Contents ?? [])
        .map((c) => (c.Key ?? '').slice(o.keyPrefix.length))
        .filter((key) => !key.startsWith('avatars/'))
        .sort();
    },
    bytesOf: (key) => readBlob(blobs, key),
  };
}

/** The blob store of `kind` for the enclosing describe block (call it before useSuiteServer). */
export function useBlobStore(kind: BlobKind): TestBlobs {
  return kind === 'disk' ? diskBlobs() : s3Blobs();
}

/** Every store backend with every blob store: the matrix the file suites run. */
export function withBlobStores<B extends { name: string }>(backends: B[]) {
  return backends.flatMap((backend) =>
    BLOB_KINDS.map((blobKind) => ({ backend, name: backend.name, blobKind })),
  );
}
