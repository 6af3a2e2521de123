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
  /** The bytes and their size, or null when there is no such key. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the blob; an unknown key is not an error. */
  delete(key: string): Promise<void>;
}

/** The kinds of blob; each is a directory (or key prefix) of its own. */
export type BlobPrefix = 'avatars' | 'files' | 'thumbnails';

/** `<prefix>/<32 hex>`: the only shape a key may have; anything else is refused before I/O. */
export const BLOB_KEY = /^(avatars|files|thumbnails)\/[0-9a-f]{32}$/;
