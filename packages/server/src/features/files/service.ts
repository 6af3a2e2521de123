import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { FILE_MSG, sanitizeFileName, THUMBNAIL_MAX_PX } from '@parley/protocol/file';
import type { AttachedFile } from '@parley/protocol/file';
import type { Clock } from '../../clock';
import { ImageRefused, isPicture, toThumbnail, withoutMetadata } from '../../media/images';
import type { Thumbnail } from '../../media/images';
import type { BlobStore, ByteRange, StoredBlob } from '../../storage/blob-store';
import type { Database, FileRow } from '../../store/types';
import * as q from './queries';
import { toAttachedFile } from './to-file';

// Uploads, reads and removal of message files. The bytes stream into the
// blob store as they arrive (never whole in memory, except a picture, which
// sharp needs whole); the type is sniffed from the first bytes, never taken
// from the upload's name or declared type.

/** file-type reads at most this much to decide. */
const SNIFF_BYTES = 4100;
/** Unattached uploads older than this are removed by the sweep. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 200;
/**
 * Blobs with no file row are removed only once they are this old. An
 * upload stores its blob before it writes the row (and a picture's clean
 * copy and thumbnail a moment later still): a younger blob may be one
 * whose row is on its way. Uploads finish in seconds; an hour is ample.
 */
export const ORPHAN_BLOB_MIN_AGE_MS = 60 * 60 * 1000;

export class FileRefused extends Error {
  override name = 'FileRefused';
  constructor(
    readonly statusCode: 413 | 422,
    message: string,
  ) {
    super(message);
  }
}

/** An ImageRefused as the upload's 422; anything else is not a refusal and goes on. */
function refusedPicture(error: unknown): unknown {
  if (!(error instanceof ImageRefused)) return error;
  const text =
    error.reason === 'too_many_pixels' ? FILE_MSG.imageTooManyPixels : FILE_MSG.imageUnreadable;
  return new FileRefused(422, text);
}

export interface UploadPart {
  /** The multipart file stream; `truncated` is set once it passed the size limit. */
  file: Readable & { truncated?: boolean };
  filename: string | undefined;
}

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function createFilesService(deps: {
  db: Kysely<Database>;
  now: Clock;
  blobs: BlobStore;
  log: FastifyBaseLogger;
  /** The bytes one user's stored files may add up to (UPLOAD_QUOTA_MB); no quota without it. */
  quotaBytes?: number;
}) {
  const { db, blobs } = deps;
  const quota = deps.quotaBytes ?? Infinity;
  const quotaFull = () => new FileRefused(413, FILE_MSG.quotaExceeded);

  async function dropBlobs(row: Pick<FileRow, 'blob_key' | 'thumbnail_key'>) {
    await blobs.delete(row.blob_key);
    if (row.thumbnail_key) await blobs.delete(row.thumbnail_key);
  }

  /**
   * A stored picture's thumbnail, and the blob replaced by its copy without
   * metadata (see media/images.ts). Throws FileRefused when sharp refuses
   * it; the caller removes what was stored.
   */
  async function processPicture(stored: StoredBlob, mime: string) {
    const blob = await blobs.get(stored.key);
    if (!blob) throw new Error('stored blob vanished');
    const original = await toBuffer(blob.stream);
    let picture: Thumbnail;
    let clean: Buffer;
    try {
      picture = await toThumbnail(original, THUMBNAIL_MAX_PX);
      // An animation is refused here when all its frames together pass the pixel ceiling.
      clean = await withoutMetadata(original, mime);
    } catch (error) {
      throw refusedPicture(error);
    }
    const thumbnailKey = (await blobs.put('thumbnails', picture.data)).key;
    if (clean === original) return { picture, thumbnailKey, stored };
    try {
      const replaced = await blobs.put('files', clean);
      await blobs.delete(stored.key);
      return { picture, thumbnailKey, stored: replaced };
    } catch (error) {
      await blobs.delete(thumbnailKey);
      throw error;
    }
  }

  /**
   * Blobs under files/ and thumbnails/ that no row points at (a crash
   * between storing and recording, a failed delete), once old enough, and
   * the leftovers of interrupted writes. Avatars are left alone: rows of
   * several tables point at them, and replacing one deletes the old blob.
   */
  async function sweepOrphanBlobs(at: Date): Promise<number> {
    const before = new Date(at.getTime() - ORPHAN_BLOB_MIN_AGE_MS);
    let removed = await blobs.removeAbandoned(before);
    for (const prefix of ['files', 'thumbnails'] as const) {
      let batch: string[] = [];
      const flush = async () => {
        const referenced = await q.referencedBlobKeys(db, batch);
        for (const key of batch.filter((k) => !referenced.has(k))) {
          await blobs.delete(key);
          removed += 1;
        }
        batch = [];
      };
      for await (const key of blobs.listOlderThan(prefix, before)) {
        batch.push(key);
        if (batch.length >= SWEEP_BATCH) await flush();
      }
      await flush();
    }
    return removed;
  }

  return {
    /** Streams one upload into the store; answers its attached_file (still the uploader's alone). */
    async upload(userId: number, part: UploadPart): Promise<AttachedFile> {
      // Checked before a byte is stored, and again with the new file's size
      // once it is (uploads racing each other can each pass the first check).
      if (Number.isFinite(quota) && (await q.storedBytes(db, userId)) >= quota) {
        part.file.resume();
        throw quotaFull();
      }
      const head: Buffer[] = [];
      let headLength = 0;
      // Read through an async iterator, not pipe(): a cut-off or malformed
      // upload rejects it, and that fails the store's write. (A transform fed
      // by pipe() got busboy's second error after the write had given up on
      // it, with no listener left, and the error was thrown out of the process.)
      async function* sniffing(source: Readable) {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          if (headLength < SNIFF_BYTES) {
            head.push(chunk);
            headLength += chunk.length;
          }
          yield chunk;
        }
      }
      let stored = await blobs.put(
        'files',
        Readable.from(sniffing(part.file), { objectMode: false }),
      );
      // Past the limit busboy stops the stream and marks it: the partial blob goes.
      if (part.file.truncated) {
        await blobs.delete(stored.key);
        throw new FileRefused(413, FILE_MSG.fileTooLarge);
      }
      // Loaded at the first upload, as the image code is (media/images.ts).
      const { fileTypeFromBuffer } = await import('file-type');
      const sniffed = await fileTypeFromBuffer(Buffer.concat(head).subarray(0, SNIFF_BYTES));
      const mime = sniffed?.mime ?? 'application/octet-stream';
      let picture: Thumbnail | null = null;
      let thumbnailKey: string | null = null;
      if (isPicture(mime)) {
        try {
          ({ picture, thumbnailKey, stored } = await processPicture(stored, mime));
        } catch (error) {
          await blobs.delete(stored.key);
          throw error;
        }
      }
      const values = {
        key: randomBytes(16).toString('base64url'),
        uploader_id: userId,
        blob_key: stored.key,
        thumbnail_key: thumbnailKey,
        name: sanitizeFileName(part.filename),
        mime,
        size: stored.size,
        width: picture?.width ?? null,
        height: picture?.height ?? null,
        created_at: deps.now().toISOString(),
        attached_at: null,
      };
      let id: number;
      try {
        id = await q.insertFile(db, values);
      } catch (error) {
        await dropBlobs(values);
        throw error;
      }
      if (Number.isFinite(quota) && (await q.storedBytes(db, userId)) > quota) {
        await q.deleteUnattached(db, id);
        await dropBlobs(values);
        throw quotaFull();
      }
      return toAttachedFile({ id, ...values });
    },

    /**
     * The file behind `key` if `userId` may read it, checked now — a member
     * removed a second ago is refused. Null: not found, or not theirs to see.
     */
    async readable(userId: number, key: string): Promise<FileRow | null> {
      return (await q.readable(db, key, userId)) ?? null;
    },

    /**
     * The bytes of a readable file's original (all, or one range within its
     * recorded size) or of its thumbnail; null when there is none.
     */
    async read(row: FileRow, variant: 'original' | 'thumbnail', range?: ByteRange) {
      if (variant === 'thumbnail') return row.thumbnail_key ? blobs.get(row.thumbnail_key) : null;
      return blobs.get(row.blob_key, range);
    },

    /**
     * After a message lost its file (delete for everyone): the file goes when
     * nothing points at it any more. Never throws — the delete has happened;
     * a failure is logged and the sweep finishes the job.
     */
    async release(fileId: number): Promise<void> {
      try {
        const row = await q.deleteIfUnreferenced(db, fileId);
        if (row) await dropBlobs(row);
      } catch (error) {
        deps.log.error({ err: error, fileId }, 'file not released');
      }
    },

    /**
     * One sweep: stale unattached uploads, files of deleted conversations,
     * and old blobs no file row points at. Answers how many went.
     */
    async sweep(at: Date = deps.now()): Promise<number> {
      const cutoff = new Date(at.getTime() - STALE_UPLOAD_MS).toISOString();
      let removed = 0;
      for (const id of await q.staleUploadIds(db, cutoff, SWEEP_BATCH)) {
        const row = await q.deleteStaleUpload(db, id, cutoff);
        if (row) {
          await dropBlobs(row);
          removed += 1;
        }
      }
      for (const id of await q.orphanIds(db, SWEEP_BATCH)) {
        const row = await q.deleteIfUnreferenced(db, id);
        if (row) {
          await dropBlobs(row);
          removed += 1;
        }
      }
      return removed + (await sweepOrphanBlobs(at));
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
