import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from './harness';
import { direct, person, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// A read's reply carries the reader's global unread count, computed in the
// read's own UPDATE (the other conversations' sum plus the one just read).
// It must equal GET /user/unread afterwards: when the read leaves some
// unread behind, and when the conversation read is muted (it counts for
// nothing) or not.

describe.each(stores())('read reply unread_count ($name)', (backend) => {
  let client: Client;
  let reader: Person;
  let alice: Person;
  let bob: Person;

  const suite = useSuiteServer(backend);
  beforeAll(async () => {
    ({ client } = suite);
    [reader, alice, bob] = [await person(client), await person(client), await person(client)];
  });

  const unread = async () =>
    (await client.get<{ count: number }>('/user/unread', { token: reader.token })).body.count;

  async function read(conversationId: number, messageId: number) {
    const res = await client.post<{ new_messages: number; unread_count: number }>(
      `/user/messages/read/${conversationId}`,
      { message_id: messageId },
      { token: reader.token },
    );
    expect(res.status).toBe(200);
    return res.body;
  }

  it('equals the global count after a partial read, muted or not', async () => {
    const loud = await direct(client, reader, alice);
    const quiet = await direct(client, reader, bob);
    const loudIds = [];
    const quietIds = [];
    for (let i = 0; i < 4; i += 1) {
      loudIds.push((await sent(client, alice, loud.id, `a${i}`)).id);
      quietIds.push((await sent(client, bob, quiet.id, `b${i}`)).id);
    }
    const mute = await client.post(
      `/user/conversations/${quiet.id}/mute`,
      { value: true },
      { token: reader.token },
    );
    expect(mute.status).toBe(200);

    const first = await read(loud.id, loudIds[1] as number);
    expect(first.new_messages).toBe(2);
    expect(first.unread_count).toBe(await unread());

    const second = await read(quiet.id, quietIds[0] as number);
    expect(second.new_messages).toBe(3);
    expect(second.unread_count).toBe(await unread());

    const third = await read(loud.id, loudIds[3] as number);
    expect(third.new_messages).toBe(0);
    expect(third.unread_count).toBe(await unread());
  });
});
