import type { S3StoreOptions } from './storage/s3';

// Where uploaded files live, from the environment (kept apart from
// config.ts's other settings): the local disk by default, or an
// S3-compatible bucket shared by every node of a cluster.

export type BlobStoreConfig = { kind: 'disk' } | ({ kind: 's3' } & S3StoreOptions);

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const KEY_PREFIX = /^[A-Za-z0-9_.\-/]{0,200}$/;
const REGION = /^[a-z0-9-]{1,40}$/;

/** Reads BLOB_STORE and the S3_* variables; each problem is pushed as one line. */
export function readBlobStoreConfig(
  env: Record<string, string | undefined>,
  problems: string[],
): BlobStoreConfig {
  const kind = env.BLOB_STORE ?? 'disk';
  if (kind === 'disk') return { kind: 'disk' };
  if (kind !== 's3') {
    problems.push('BLOB_STORE: BLOB_STORE must be disk or s3');
    return { kind: 'disk' };
  }
  const bucket = env.S3_BUCKET ?? '';
  if (!BUCKET.test(bucket)) {
    problems.push('S3_BUCKET: S3_BUCKET must be a bucket name (3-63 of a-z 0-9 . -)');
  }
  const keyPrefix = env.S3_PREFIX ?? '';
  if (!KEY_PREFIX.test(keyPrefix) || keyPrefix.startsWith('/')) {
    problems.push('S3_PREFIX: S3_PREFIX may hold letters, digits and _ . - / (not first)');
  }
  const region = env.S3_REGION ?? 'us-east-1';
  if (!REGION.test(region)) problems.push('S3_REGION: S3_REGION must look like eu-west-1');
  const endpoint = env.S3_ENDPOINT ?? null;
  if (endpoint !== null && !/^https?:\/\/[^/\s]+\/?$/.test(endpoint)) {
    problems.push('S3_ENDPOINT: S3_ENDPOINT must be http(s)://host[:port] with no path');
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? (endpoint ? 'true' : 'false');
  if (pathStyle !== 'true' && pathStyle !== 'false') {
    problems.push('S3_FORCE_PATH_STYLE: S3_FORCE_PATH_STYLE must be true or false');
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    problems.push(
      'S3_ACCESS_KEY_ID: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
    );
  }
  return {
    kind: 's3',
    bucket,
    keyPrefix,
    region,
    endpoint: endpoint?.replace(/\/$/, '') ?? null,
    forcePathStyle: pathStyle === 'true',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
  };
}
