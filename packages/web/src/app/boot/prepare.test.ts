import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import { allowCacheWrites, deleteCacheDb, preloadCacheRows } from '../../lib/cache-db';
import {
  json,
  mockFetch,
  resetBrowserState,
  sampleConversation,
  signIn,
} from '../../test/http-fixtures';
import { setAuthenticated } from '../../features/auth/session-store';
import { useConversationStore } from '../../features/conversations/store';
import { persistToCache } from '../../sync/cache-sync';
import { prepareChatShell } from './prepare';

// What the chat's loader does once the code is here, before the first render.

const jwt = (claims: object) =>
  ['e30', btoa(JSON.stringify(claims)).replace(/=+$/, ''), 'sig'].join('.');

const cached = sampleConversation({ id: 31, name: 'Cached chat' });

/** Only microtasks: React's render is a task, so this is what lands before it. */
async function microtasks(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

async function cacheAs(owner: number, conversations: Conversation[]): Promise<void> {
  const stop = persistToCache(() => owner);
  useConversationStore.getState().upsert(conversations); // a change schedules a write
  stop(); // stopping flushes it…
  await new Promise((resolve) => setTimeout(resolve, 50)); // …which lands asynchronously
  useConversationStore.getState().reset();
}

describe('prepareChatShell', () => {
  beforeEach(async () => {
    resetBrowserState();
    await deleteCacheDb();
    allowCacheWrites();
    signIn(jwt({ sub: '7', sid: 1 }));
    setAuthenticated(false); // a new session: nothing of a previous test's is kept
    setAuthenticated(true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useConversationStore.getState().reset();
  });

  it('puts an already read cache into the stores within microtasks, and asks for the first page', async () => {
    await cacheAs(7, [cached]);
    const fetchSpy = mockFetch(() => new Promise<Response>(() => undefined)); // replies never come
    preloadCacheRows();
    await new Promise((resolve) => setTimeout(resolve, 50)); // the entry's read has finished

    prepareChatShell();
    await microtasks();

    expect(useConversationStore.getState().byId[31]?.name).toBe('Cached chat');
    expect(useConversationStore.getState().status).toBe('loading');
    expect(fetchSpy.mock.calls.map(([url]) => url)).toContain('/api/v1/user/conversations');
  });

  it('does not put the cache back after a sign-out during the read', async () => {
    await cacheAs(7, [cached]);
    mockFetch(() => json(401, { message: 'Unauthenticated.' }));
    prepareChatShell();
    setAuthenticated(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useConversationStore.getState().byId[31]).toBeUndefined();
  });
});
