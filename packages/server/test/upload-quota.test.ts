import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_MSG } from '@parley/protocol/file';
import { MSG } from '@parley/protocol/messages';
import { NO_LIMITS } from './harness';
import type { Client } from './harness';
import { useBlobStore } from './blob-stores';
import { fileCalls } from './files';
import { direct, person, send } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Issue 18: one account stored 100 MiB of unattached uploads in a second.
// Now each user's stored files add up to at most their quota (413 with the
// reason), and uploads are rate-limited per user (429 with retry_after).

const KIB = 1024;
const QUOTA = 64 * KIB;

describe.each(stores())('upload quota and rate ($name)', (backend) => {
  let client: Client;
  let base: string;
  const store = useBlobStore('disk');
  const suite = useSuiteServer(backend, {
    blobs: store.blobs,
    abuseLimits: { uploadQuotaBytes: QUOTA },
    rateLimits: { ...NO_LIMITS, uploadPerUser: { max: 8, windowSeconds: 60 } },
  });
  beforeAll(() => {
    ({ client } = suite);
    base = suite.server.url;
  });
  const { upload } = fileCalls(() => base);
  const refused = (text: string) => ({ message: text, file: [text], errors: { file: [text] } });
  const chunk = (n: number) => Buffer.alloc(n, 7);

  it('refuses an upload that would pass the quota, and frees room when files go', async () => {
    const a = await person(client);
    const b = await person(client);
    const before = (await store.stored()).length;
    expect((await upload(a, chunk(30 * KIB), 'one.bin')).status).toBe(200);
    const second = await upload(a, chunk(30 * KIB), 'two.bin');
    expect(second.status).toBe(200);
    // 60 KiB stored: 10 more would pass 64.
    const over = await upload(a, chunk(10 * KIB), 'three.bin');
    expect(over).toEqual({ status: 413, body: refused(FILE_MSG.quotaExceeded) });
    // Nothing of the refused upload stays on disk.
    expect((await store.stored()).length).toBe(before + 2);
    // Another user has a quota of their own.
    expect((await upload(b, chunk(30 * KIB), 'theirs.bin')).status).toBe(200);

    // An attached file still counts; deleting its message for everyone frees it.
    const chat = await direct(client, a, b);
    const fileId = (second.body.attached_file as { id: number }).id;
    const message = await send(client, a, chat.id, '', { file_id: fileId });
    expect(message.status).toBe(200);
    expect((await upload(a, chunk(10 * KIB), 'still.bin')).status).toBe(413);
    const removed = await client.delete(`/user/messages/${message.body.id}?for=everyone`, {
      token: a.token,
    });
    expect(removed.status).toBe(200);
    expect((await upload(a, chunk(10 * KIB), 'now.bin')).status).toBe(200);
  });

  it('limits uploads per user with 429 and retry_after', async () => {
    const a = await person(client);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof upload>> | null = null;
    for (let i = 0; i < 9; i++) {
      last = await upload(a, chunk(100), `f${i}.bin`);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array<number>(8).fill(200), 429]);
    expect(last?.body).toEqual({ message: MSG.tooManyRequests, retry_after: expect.any(Number) });
  });
});
