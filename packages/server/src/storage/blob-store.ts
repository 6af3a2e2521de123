import type { Readable } from 'node:stream';

// Where uploaded bytes live (avatars now, message files next), behind one
// small interface so an object store can replace the local disk without a
// feature noticing. Keys are made by the store, never from user input: a
// file name cannot reach the path or the object name.

export interface StoredBlob {
  /** Opaque, unguessable (128 random bits), safe in a URL path segment. */
  key: string;
  size: number;
}

export interface BlobStore {
  /** Stores the bytes under a new key. `prefix` groups kinds ('avatars'); a fixed word, not input. */
  put(prefix: BlobPrefix, data: Buffer | Readable): Promise<StoredBlob>;
  /**
   * The bytes and the blob's whole size, or null when there is no such key.
   * With a range, the stream holds only those bytes (an object store's
   * ranged GET); the caller has checked it against the size it recorded.
   */
  get(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the blob; an unknown key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every complete blob under `prefix` last written before `before`: what
   * the sweep checks against the database. Only old blobs, so one whose
   * upload is still being processed (stored, row not yet written) is never
   * offered for deletion.
   */
  listOlderThan(prefix: BlobPrefix, before: Date): AsyncIterable<string>;
  /** Removes leftovers of writes that never finished (a disk's *.part) older than `before`; answers how many. */
  removeAbandoned(before: Date): Promise<number>;
}

/** Bytes start to end of a blob, both included (as HTTP's Range counts them). */
export interface ByteRange {
  start: number;
  end: number;
}

/** The kinds of blob; each is a directory (or key prefix) of its own. */
export type BlobPrefix = 'avatars' | 'files' | 'thumbnails';

/** `<prefix>/<32 hex>`: the only shape a key may have; anything else is refused before I/O. */
export const BLOB_KEY = /^(avatars|files|thumbnails)\/[0-9a-f]{32}$/;
