import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_VIEWS_MAX } from '@parley/protocol/events/conversation-events';
import type { ServerFrame } from '@parley/protocol/realtime';
import { befriend, createConversation } from './groups';
import type { Client } from './harness';
import { history, person, sent } from './messaging';
import type { Person } from './messaging';
import { sleep, TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// A channel's view counts, live but bounded (messages/channel-views.ts):
// at most one `message.views` per channel per interval, the first read after
// a quiet interval at once, the reads during it together at its end, each
// event carrying the current counts of at most CHANNEL_VIEWS_MAX posts.

const INTERVAL_MS = 600;

type ViewsFrame = Extract<ServerFrame, { op: 'event'; type: 'message.views' }>;

const isViews =
  (channelId: number) =>
  (f: ServerFrame): f is ViewsFrame =>
    f.op === 'event' &&
    f.scope === 'conversation' &&
    f.conversation_id === channelId &&
    f.type === 'message.views';

describe.each(stores())('channel view counts ($name)', (backend) => {
  const suite = useSuiteServer(backend, { channelViewsMs: INTERVAL_MS });
  let client: Client;
  let author: Person;
  let readers: Person[];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    client = suite.client;
    author = await person(client);
    readers = [await person(client), await person(client), await person(client)];
    await befriend(client, author, ...readers);
  });
  afterAll(() => {
    for (const s of sockets) s.ws.terminate();
  });

  const read = async (who: Person, channelId: number) => {
    const res = await client.post(`/user/messages/read/${channelId}`, {}, { token: who.token });
    expect(res.status).toBe(200);
  };

  async function channelWithPosts(count: number) {
    const channel = await createConversation(client, author, 'channel', {
      member_ids: readers.map((r) => r.id),
    });
    // The "channel created" service line (group-notice.ts) is a message too:
    // read and counted like the posts after it (the web shows no count on it).
    const created = (await history(client, author, channel.id)).messages.map((m) => m.id);
    const posts: number[] = [];
    for (let i = 0; i < count; i += 1)
      posts.push((await sent(client, author, channel.id, `p${i}`)).id);
    const socket = await TestSocket.open(suite.server.url);
    sockets.push(socket);
    await socket.ready(author.token);
    return { channelId: channel.id, posts, counted: [...created, ...posts], socket };
  }

  it('tells the first read at once and the next ones together, one event per interval', async () => {
    const [bob, carol, dave] = readers as [Person, Person, Person];
    const { channelId, counted, socket } = await channelWithPosts(2);
    const posts = counted;

    const start = Date.now();
    await read(bob, channelId);
    const first = (await socket.next(isViews(channelId))) as ViewsFrame;
    expect(first.payload.counts).toEqual(posts.map((id) => ({ message_id: id, views: 1 })));
    expect(Date.now() - start).toBeLessThan(INTERVAL_MS);

    // Two more readers within the interval: one event, at its end, with both.
    await read(carol, channelId);
    await read(dave, channelId);
    const second = (await socket.next(isViews(channelId), 5_000)) as ViewsFrame;
    expect(Date.now() - start).toBeGreaterThanOrEqual(INTERVAL_MS - 50);
    expect(second.payload.counts).toEqual(posts.map((id) => ({ message_id: id, views: 3 })));
    await sleep(INTERVAL_MS + 100);
    expect(socket.frames.filter(isViews(channelId))).toHaveLength(2);

    // The counts told are the stored ones (a fetch agrees), and a reader sees them too.
    const page = await history(client, bob, channelId);
    expect(page.messages.map((m) => m.views)).toEqual([3, 3, 3]);
  });

  it('carries at most the newest CHANNEL_VIEWS_MAX posts', async () => {
    const [bob] = readers as [Person];
    const { channelId, posts, socket } = await channelWithPosts(CHANNEL_VIEWS_MAX + 3);
    await read(bob, channelId);
    const frame = (await socket.next(isViews(channelId))) as ViewsFrame;
    expect(frame.payload.counts.map((c) => c.message_id)).toEqual(posts.slice(3));
  });

  it('sends nothing for a read that counts nothing (the marker already past)', async () => {
    const [bob] = readers as [Person];
    const { channelId, socket } = await channelWithPosts(1);
    await read(bob, channelId);
    await socket.next(isViews(channelId));
    await sleep(INTERVAL_MS + 50); // the interval is over: a new count would go at once
    await read(bob, channelId);
    await sleep(150);
    expect(socket.frames.filter(isViews(channelId))).toHaveLength(1);
  });
});
