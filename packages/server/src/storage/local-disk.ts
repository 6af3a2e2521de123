import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobPrefix, BlobStore, ByteRange, StoredBlob } from './blob-store';
import { BLOB_KEY } from './blob-store';

// Blobs as files under DATA_DIR/blobs/<prefix>/<2 hex>/<32 hex>. Written to a
// temporary name and renamed into place, so a reader never sees half a file
// and a crash mid-upload leaves only a *.part to sweep.

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
  };
}
