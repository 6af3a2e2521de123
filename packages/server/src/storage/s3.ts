import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { BlobPrefix, BlobStore, ByteRange, StoredBlob } from './blob-store';
import { BLOB_KEY } from './blob-store';

// Blobs as objects in an S3-compatible bucket, so every node of a cluster
// reads what any node stored. Object names are `<keyPrefix><blob key>`;
// the blob key is ours (BLOB_KEY), never user input.

export interface S3StoreOptions {
  bucket: string;
  /** Prepended to every object name ('parley/'), so one bucket can hold other things too. */
  keyPrefix: string;
  region: string;
  /** An S3-compatible server's address; null for AWS itself. */
  endpoint: string | null;
  /** Bucket in the path (http://host/bucket/key) rather than the host name; most compatible servers want it. */
  forcePathStyle: boolean;
  /** Null: the SDK's default credential chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

export function createS3Client(options: S3StoreOptions): S3Client {
  return new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where S3 requires them: the default (since SDK 3.729)
    // sends streamed bodies aws-chunked with a trailing CRC, which several
    // S3-compatible servers store verbatim or refuse.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404);

/** The whole size from `Content-Range: bytes 0-9/1234`. */
function totalOf(contentRange: string | undefined): number | null {
  const match = /\/(\d+)$/.exec(contentRange ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * A stream of unknown length written to a temporary file first: PutObject
 * needs the length up front, and an upload must never sit whole in memory.
 */
async function spooled<T>(data: Readable, use: (path: string, size: number) => Promise<T>) {
  const dir = await mkdtemp(join(tmpdir(), 'parley-s3-'));
  try {
    const path = join(dir, 'upload');
    await pipeline(data, createWriteStream(path, { flags: 'wx' }));
    return await use(path, (await stat(path)).size);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function createS3Store(options: S3StoreOptions, client = createS3Client(options)) {
  const { bucket, keyPrefix } = options;
  const objectOf = (key: string) => `${keyPrefix}${key}`;

  async function putObject(key: string, body: Buffer | Readable, size: number) {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: objectOf(key),
        Body: body,
        ContentLength: size,
        ContentType: 'application/octet-stream',
      }),
    );
  }

  const store: BlobStore & { check(): Promise<void>; close(): void } = {
    async put(prefix: BlobPrefix, data: Buffer | Readable): Promise<StoredBlob> {
      const key = `${prefix}/${randomBytes(16).toString('hex')}`;
      if (Buffer.isBuffer(data)) {
        await putObject(key, data, data.length);
        return { key, size: data.length };
      }
      return spooled(data, async (path, size) => {
        await putObject(key, createReadStream(path), size);
        return { key, size };
      });
    },

    async get(key: string, range?: ByteRange) {
      if (!BLOB_KEY.test(key)) return null;
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectOf(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const size = range ? totalOf(answer.ContentRange) : (answer.ContentLength ?? null);
        if (size === null || !(answer.Body instanceof Readable)) {
          throw new Error('S3 answered a GetObject without a length or a body stream');
        }
        return { stream: answer.Body, size };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },

    async delete(key: string) {
      if (!BLOB_KEY.test(key)) return;
      // S3 answers 204 for a key that is not there too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectOf(key) }));
    },

    async *listOlderThan(prefix: BlobPrefix, before: Date) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: objectOf(`${prefix}/`),
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(keyPrefix.length) ?? '';
          if (BLOB_KEY.test(key) && object.LastModified && object.LastModified < before) yield key;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    // A PutObject is all or nothing (no multipart uploads here): nothing is left half-written.
    async removeAbandoned() {
      return 0;
    },

    /**
     * Fails at start, with S3's own reason, when the bucket cannot be
     * reached. A GET of a key that is never stored: NoSuchKey proves the
     * bucket, the credentials and the read permission, and unlike a HEAD
     * the error comes with a body naming its reason (NoSuchBucket, AccessDenied).
     */
    async check() {
      try {
        const probe = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: `${keyPrefix}parley-start-probe` }),
        );
        probe.Body?.transformToByteArray().catch(() => {});
      } catch (error) {
        if (!(error instanceof S3ServiceException && error.name === 'NoSuchKey')) throw error;
      }
    },

    close() {
      client.destroy();
    },
  };
  return store;
}
