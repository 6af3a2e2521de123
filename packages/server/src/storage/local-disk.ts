import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobPrefix, BlobStore, ByteRange, StoredBlob } from './blob-store';
import { BLOB_KEY } from './blob-store';

// Blobs as files under DATA_DIR/blobs/<prefix>/<2 hex>/<32 hex>. Written to a
// temporary name and renamed into place, so a reader never sees half a file
// and a crash mid-upload leaves only a *.part to sweep.

const PART = /^[0-9a-f]{32}\.[0-9a-f]{8}\.part$/;
const NAME = /^[0-9a-f]{32}$/;

/** Names in a directory, none when it does not exist (nothing stored there yet). */
async function entries(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Files under root/<prefix>/<2 hex>/ whose names match `shape` and were last written before `before`. */
async function* oldFiles(root: string, prefix: string, shape: RegExp, before: Date) {
  for (const fan of await entries(join(root, prefix))) {
    if (!/^[0-9a-f]{2}$/.test(fan)) continue;
    for (const name of await entries(join(root, prefix, fan))) {
      if (!shape.test(name)) continue;
      const path = join(root, prefix, fan, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtime < before) yield { path, name };
    }
  }
}

export function createLocalDiskStore(root: string): BlobStore {
  const pathOf = (key: string) => {
    // The key decides the path, so it must be one of ours; the pattern has no '..' or '/'.
    if (!BLOB_KEY.test(key)) return null;
    const [prefix, name] = key.split('/') as [string, string];
    return join(root, prefix, name.slice(0, 2), name);
  };

  return {
    async put(prefix: BlobPrefix, data: Buffer | Readable): Promise<StoredBlob> {
      const key = `${prefix}/${randomBytes(16).toString('hex')}`;
      const path = pathOf(key);
      if (path === null) throw new Error('blob key shape');
      await mkdir(join(path, '..'), { recursive: true });
      const part = `${path}.${randomBytes(4).toString('hex')}.part`;
      try {
        if (Buffer.isBuffer(data)) await writeFile(part, data, { flag: 'wx' });
        else await pipeline(data, createWriteStream(part, { flags: 'wx' }));
        await rename(part, path);
      } catch (error) {
        await rm(part, { force: true });
        throw error;
      }
      return { key, size: (await stat(path)).size };
    },

    async get(key: string, range?: ByteRange) {
      const path = pathOf(key);
      if (path === null) return null;
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path, range ?? {}), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key: string) {
      const path = pathOf(key);
      if (path !== null) await rm(path, { force: true });
    },

    async *listOlderThan(prefix: BlobPrefix, before: Date) {
      // rename() keeps the part file's mtime: a blob's age counts from its last written byte.
      for await (const { name } of oldFiles(root, prefix, NAME, before)) yield `${prefix}/${name}`;
    },

    async removeAbandoned(before: Date) {
      let removed = 0;
      for (const prefix of ['avatars', 'files', 'thumbnails'] as const) {
        for await (const { path } of oldFiles(root, prefix, PART, before)) {
          await rm(path, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}
