import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parley/protocol/messages';
import { AVATAR_MAX_BYTES } from '@parley/protocol/settings';
import type { Client } from './harness';
import { createConversation } from './groups';
import { solid } from './images';
import { person } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Issue 18: the user-avatar 5 MB limit held only sometimes (6–9 of 12
// oversize tries were accepted: the file stream was cut at the limit and
// read to its end without an error); the conversation avatar always
// answered 413. Both now read the file through one path that checks the cut.

const TRIES = 12;

describe.each(stores())('oversize avatars ($name)', (backend) => {
  let client: Client;
  let base: string;
  const suite = useSuiteServer(backend);
  beforeAll(() => {
    ({ client } = suite);
    base = suite.server.url;
  });

  async function post(path: string, who: Person, data: Buffer) {
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(data)]), 'big.png');
    const res = await fetch(`${base}/api/v1${path}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${who.token}` },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  /** A real PNG padded past the limit by a little or by a lot. */
  async function oversize(i: number): Promise<Buffer> {
    const extra = [1, 100, 4096, 65_536, AVATAR_MAX_BYTES][i % 5] ?? 1;
    return Buffer.concat([await solid('png'), Buffer.alloc(AVATAR_MAX_BYTES + extra - 60)]);
  }

  it(`answers 413 to the user avatar ${TRIES} times out of ${TRIES}`, async () => {
    const a = await person(client);
    const statuses: number[] = [];
    for (let i = 0; i < TRIES; i++) {
      const res = await post('/user/avatar/upload', a, await oversize(i));
      statuses.push(res.status);
      if (res.status === 413) expect(res.body.message).toBe(MSG.avatarTooLarge);
    }
    expect(statuses).toEqual(Array<number>(TRIES).fill(413));
    const me = await client.get<{ avatar: string | null }>('/user', { token: a.token });
    expect(me.body.avatar).toBeNull();
  });

  it(`answers 413 to the group avatar ${TRIES} times out of ${TRIES}`, async () => {
    const a = await person(client);
    const group = await createConversation(client, a, 'group');
    const statuses: number[] = [];
    for (let i = 0; i < TRIES; i++) {
      const res = await post(`/user/conversations/${group.id}/avatar`, a, await oversize(i));
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array<number>(TRIES).fill(413));
  });
});
