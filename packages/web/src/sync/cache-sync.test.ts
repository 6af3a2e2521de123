import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheDb, deleteCacheDb, allowCacheWrites, preloadCacheRows } from '../lib/cache-db';
import { accessTokenUserId } from '../lib/tokens';
import { resetBrowserState, sampleConversation, signIn } from '../test/http-fixtures';
import { useConversationStore } from '../features/conversations/store';
import { useMessageStore } from '../features/messages/store';
import { persistToCache, readCache, storesHoldNothing, storesNow } from './cache-sync';

// The cache is one user's: another user signed in on the same browser must
// not be shown the first one's chats.

const jwt = (claims: object) =>
  ['e30', btoa(JSON.stringify(claims)).replace(/=+$/, ''), 'sig'].join('.');

async function writeAs(owner: number, userSeq: number) {
  useConversationStore.setState({ userSeq, unreadTotal: 3 });
  const stop = persistToCache(() => owner);
  useConversationStore.setState({ userSeq: userSeq + 1 }); // a change schedules a write
  stop(); // stopping flushes the pending write
  // The write is async inside stop(); wait until it landed.
  for (let i = 0; i < 50 && (await (await cacheDb()).get('meta', 'owner')) === undefined; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('cache owner', () => {
  beforeEach(async () => {
    resetBrowserState();
    await deleteCacheDb();
    allowCacheWrites();
  });
  afterEach(() => useConversationStore.getState().reset());

  it('gives the owner their snapshot back', async () => {
    await writeAs(7, 40);
    const snapshot = await readCache(7);
    expect(snapshot?.userSeq).toBe(41);
    expect(snapshot?.unreadTotal).toBe(3);
  });

  it('drops another user’s cache instead of showing it', async () => {
    await writeAs(7, 40);
    expect(await readCache(8)).toBeNull();
    expect(await (await cacheDb()).get('meta', 'owner')).toBeUndefined();
    expect(await (await cacheDb()).get('meta', 'user_seq')).toBeUndefined();
  });

  it('trusts the cache while the user is not known yet (no access cookie)', async () => {
    await writeAs(7, 40);
    expect((await readCache(null))?.userSeq).toBe(41);
  });

  it('reads the user id from the access token cookie, null when absent or malformed', () => {
    expect(accessTokenUserId()).toBeNull();
    signIn(jwt({ sub: '42', sid: 1 }));
    expect(accessTokenUserId()).toBe(42);
    signIn('not-a-jwt');
    expect(accessTokenUserId()).toBeNull();
    signIn(jwt({ sub: 'x' }));
    expect(accessTokenUserId()).toBeNull();
  });
});

// The entry starts reading the cache before the chat's code is here
// (lib/cache-db.ts preloadCacheRows); the chat's first read takes that one.
describe('cache read started early', () => {
  beforeEach(async () => {
    resetBrowserState();
    await deleteCacheDb();
    allowCacheWrites();
  });
  afterEach(() => useConversationStore.getState().reset());

  it('is what the next read returns, once; the read after that is a new one', async () => {
    await writeAs(7, 40);
    preloadCacheRows();
    // Queued after the early read's transaction, so that read does not see it.
    await (await cacheDb()).put('meta', { key: 'user_seq', value: 99 });
    expect((await readCache(7))?.userSeq).toBe(41);
    expect((await readCache(7))?.userSeq).toBe(99);
  });

  it('is dropped by a logout: the next read sees the new, empty database', async () => {
    await writeAs(7, 40);
    preloadCacheRows();
    await deleteCacheDb();
    allowCacheWrites();
    const snapshot = await readCache(7);
    expect(snapshot?.userSeq).toBe(0);
    expect(snapshot?.conversations).toEqual([]);
  });
});

// Persisting starts once the cache read is done; what reached the stores
// before that (the first page, which on a fast network beats the read) is
// written at once, or a start without later changes would never save it.
describe('cache write when persisting starts', () => {
  const chat = (id: number) => sampleConversation({ id, name: `Chat ${id}` });

  /** Starts and at once stops persisting: stopping flushes a write only if one was scheduled. */
  async function startAndStop(cached: ReturnType<typeof storesNow> | null) {
    persistToCache(() => 7, cached)();
    // The flushed write is async; an unscheduled one never comes.
    for (let i = 0; i < 20 && (await (await cacheDb()).get('meta', 'owner')) === undefined; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  beforeEach(async () => {
    resetBrowserState();
    await deleteCacheDb();
    allowCacheWrites();
  });
  afterEach(() => {
    useConversationStore.getState().reset();
    useMessageStore.getState().reset();
  });

  it('writes what reached the stores after the cache was read', async () => {
    const read = storesNow(); // the cache held nothing
    useConversationStore.getState().upsert([chat(31)]); // the first page lands
    await startAndStop(read);
    expect((await readCache(7))?.conversations.map((c) => c.id)).toEqual([31]);
  });

  it('writes when nothing was read (no snapshot to compare with)', async () => {
    useConversationStore.getState().upsert([chat(32)]);
    await startAndStop(null);
    expect((await readCache(7))?.conversations.map((c) => c.id)).toEqual([32]);
  });

  it('writes nothing while the stores hold just what the cache held', async () => {
    useConversationStore.getState().upsert([chat(33)]); // as put there from the cache
    await startAndStop(storesNow());
    expect(await (await cacheDb()).get('meta', 'owner')).toBeUndefined();
    expect(await (await cacheDb()).count('conversations')).toBe(0);
  });

  it('knows when the stores hold nothing a cache read could lack', () => {
    expect(storesHoldNothing()).toBe(true);
    useConversationStore.setState({ status: 'loading', userSeq: 5 }); // no conversation yet
    expect(storesHoldNothing()).toBe(true);
    useConversationStore.getState().upsert([chat(34)]);
    expect(storesHoldNothing()).toBe(false);
  });
});

// A thread that leaves the store (its conversation deleted, left, or found
// gone) leaves the cache too: no reload brings its history back.
describe('cache of dropped threads', () => {
  beforeEach(async () => {
    resetBrowserState();
    await deleteCacheDb();
    allowCacheWrites();
  });
  afterEach(() => useMessageStore.getState().reset());

  const cachedThreadIds = async () =>
    (await (await cacheDb()).getAllKeys('threads')).map(Number).sort();

  /** Waits until the cache's thread ids are `ids` (writes are debounced and async). */
  async function until(ids: number[]) {
    for (let i = 0; i < 100 && String(await cachedThreadIds()) !== String(ids); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await cachedThreadIds()).toEqual(ids);
  }

  it('deletes the cached history of a thread that left the store', async () => {
    const thread = (conversationId: number) => ({ conversationId, messages: [] });
    useMessageStore.getState().hydrate([thread(5), thread(6)], []);
    const stop = persistToCache(() => 7, null);
    await until([5, 6]);
    useMessageStore.getState().dropThread(6);
    await until([5]);
    stop();
  });
});
