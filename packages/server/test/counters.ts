import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

// Where rate-limit counters live in a test run: in memory always, and in
// Redis when TEST_REDIS_URL is set (mandatory in CI, like PostgreSQL).

export interface CounterBackend {
  name: 'memory' | 'redis';
  /** A fresh key prefix per call, so runs and cases never share counters. */
  open(): { redis: Redis | null; prefix: string; close(): Promise<void> };
}

export function counterBackends(): CounterBackend[] {
  const url = process.env.TEST_REDIS_URL;
  if (!url && process.env.CI === 'true') {
    throw new Error(
      'TEST_REDIS_URL must be set in CI: the Redis rate-limit suite may not be skipped.',
    );
  }
  const memory: CounterBackend = {
    name: 'memory',
    open: () => ({ redis: null, prefix: 'unused', close: async () => {} }),
  };
  if (!url) return [memory];
  const redis: CounterBackend = {
    name: 'redis',
    open() {
      const client = new Redis(url, { maxRetriesPerRequest: 1 });
      const prefix = `parley-test-${randomBytes(6).toString('hex')}:`;
      return {
        redis: client,
        prefix,
        async close() {
          const keys = await client.keys(`${prefix}*`);
          if (keys.length > 0) await client.del(...keys);
          await client.quit();
        },
      };
    },
  };
  return [memory, redis];
}
