import { join } from 'node:path';
import type { BlobStoreConfig } from '../config-blob-store';
import type { BlobStore } from './blob-store';
import { createLocalDiskStore } from './local-disk';

/**
 * The configured blob store, checked before the node serves: a bucket that
 * cannot be reached stops the start with S3's reason in one line, rather
 * than failing the first upload.
 */
export async function openBlobStore(
  config: BlobStoreConfig,
  dataDir: string,
): Promise<{ blobs: BlobStore; describe: string; close(): void }> {
  if (config.kind === 'disk') {
    const root = join(dataDir, 'blobs');
    return { blobs: createLocalDiskStore(root), describe: `disk at ${root}`, close: () => {} };
  }
  // Loaded only here: the AWS SDK is a few MiB of heap that a disk install never uses.
  const { createS3Store } = await import('./s3');
  const s3 = createS3Store(config);
  const where = `s3 bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ''}`;
  try {
    await s3.check();
  } catch (error) {
    s3.close();
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new Error(`blob store (${where}) unreachable: ${reason}`, { cause: error });
  }
  return { blobs: s3, describe: where, close: () => s3.close() };
}
