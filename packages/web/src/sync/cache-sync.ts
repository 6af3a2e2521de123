import { z } from 'zod';
import { conversationSchema } from '@parley/protocol/conversation';
import type { Conversation } from '@parley/protocol/conversation';
import { messageRefSchema, messageSchema } from '@parley/protocol/message';
import type { Message } from '@parley/protocol/message';
import { CACHE_STORES, META_KEYS, cacheDb, cacheWritable, readCacheRows } from '../lib/cache-db';
import { useConversationStore } from '../features/conversations/store';
import type { PendingMessage } from '../features/messages/reducers';
import { useMessageStore } from '../features/messages/store';

// The local cache (IndexedDB, lib/cache-db.ts) behind the stores: read once
// at start so the chat renders at once, then written (debounced) as the
// stores change. What is read back is parsed with the protocol schemas;
// a row that no longer fits is dropped. The cache records whose it is
// (`owner`, a user id): a different user signed in on this browser without
// the first logging out never sees the first one's chats.

/** Messages kept per opened conversation. */
export const CACHED_MESSAGES = 50;
const WRITE_DELAY_MS = 300;

const pendingSchema = z.object({
  uuid: z.string(),
  conversationId: z.number().int().positive(),
  text: z.string(),
  parent: messageRefSchema.nullable(),
  createdAt: z.string(),
  error: z.string().nullable(),
});

export type CacheSnapshot = {
  conversations: Conversation[];
  unreadTotal: number;
  userSeq: number;
  threads: { conversationId: number; messages: Message[] }[];
  pending: PendingMessage[];
};

function valid<T>(schema: z.ZodType<T>, rows: unknown[]): T[] {
  const out: T[] = [];
  for (const row of rows) {
    const parsed = schema.safeParse(row);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

const count = z.number().int().nonnegative();

async function clearCache(): Promise<void> {
  const tx = (await cacheDb()).transaction(CACHE_STORES, 'readwrite');
  await Promise.all([...CACHE_STORES.map((name) => tx.objectStore(name).clear()), tx.done]);
}

/** The cached state of `owner` (null: unknown yet, trust the cache); another user's is deleted. */
export async function readCache(owner: number | null): Promise<CacheSnapshot | null> {
  try {
    const rows = await readCacheRows();
    if (owner !== null && rows.owner !== undefined && rows.owner !== owner) {
      await clearCache();
      return null;
    }
    return {
      conversations: valid(
        conversationSchema,
        rows.conversations.map((c) => c.data),
      ),
      unreadTotal: count.catch(0).parse(rows.unreadTotal),
      userSeq: count.catch(0).parse(rows.userSeq),
      threads: rows.threads.map((t) => ({
        conversationId: t.conversation_id,
        messages: valid(messageSchema, t.messages),
      })),
      pending: valid(
        pendingSchema,
        rows.pending.map((p) => p.data),
      ),
    };
  } catch (error) {
    console.warn('cache: read failed', error); // no IndexedDB (private mode): network only
    return null;
  }
}

/** The stores' states just after the cache was read into them: what the cache holds. */
export type CachedStores = { conversations: object; messages: object };

export function storesNow(): CachedStores {
  return { conversations: useConversationStore.getState(), messages: useMessageStore.getState() };
}

/** No conversation, thread or queued message in the stores: nothing a cache read could lack. */
export function storesHoldNothing(): boolean {
  const { threads, pending } = useMessageStore.getState();
  return [useConversationStore.getState().byId, threads, pending].every(
    (records) => Object.keys(records).length === 0,
  );
}

/**
 * Writes the stores to the cache as they change, as `owner()`'s; returns the
 * stop. `cached` is what the cache held when it was read (null: nothing was
 * read): the stores may have moved on since, and then they are written at
 * once. The chat's first page often lands before the cache read is done,
 * and a start with no later change would otherwise never save it.
 */
export function persistToCache(
  owner: () => number | null,
  cached: CachedStores | null = null,
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writtenThreads = new Map<number, unknown>();
  // Threads the cache may hold: the hydrated ones, then those written. One
  // that leaves the store (its conversation deleted, left, or gone) is
  // deleted from the cache too, so no reload brings its history back.
  let cachedIds = new Set(Object.keys(useMessageStore.getState().threads).map(Number));

  const write = async () => {
    timer = null;
    if (!cacheWritable()) return;
    const ownerId = owner();
    const { byId, unreadTotal, userSeq } = useConversationStore.getState();
    const { threads, pending } = useMessageStore.getState();
    const changed = Object.entries(threads).filter(
      ([id, thread]) => writtenThreads.get(Number(id)) !== thread,
    );
    const nextWritten = new Map(Object.entries(threads).map(([id, t]) => [Number(id), t]));
    const dropped = [...cachedIds].filter((id) => !nextWritten.has(id));
    try {
      // One transaction: a reload sees the whole write or none of it.
      const tx = (await cacheDb()).transaction(CACHE_STORES, 'readwrite');
      const conversations = tx.objectStore('conversations');
      const pendingStore = tx.objectStore('pending');
      // IndexedDB runs a transaction's requests in order: the clears land before the puts.
      await Promise.all([
        conversations.clear(),
        ...Object.values(byId).map((c) => conversations.put({ id: c.id, data: c })),
        ...changed.map(([id, thread]) =>
          tx.objectStore('threads').put({
            conversation_id: Number(id),
            messages: thread.messages.slice(-CACHED_MESSAGES),
          }),
        ),
        ...dropped.map((id) => tx.objectStore('threads').delete(id)),
        pendingStore.clear(),
        ...Object.values(pending).map((p) => pendingStore.put({ uuid: p.uuid, data: p })),
        tx.objectStore('meta').put({ key: META_KEYS.unreadTotal, value: unreadTotal }),
        tx.objectStore('meta').put({ key: META_KEYS.userSeq, value: userSeq }),
        ...(ownerId === null
          ? []
          : [tx.objectStore('meta').put({ key: META_KEYS.owner, value: ownerId })]),
        tx.done,
      ]);
      writtenThreads = nextWritten;
      cachedIds = new Set(nextWritten.keys());
    } catch (error) {
      console.warn('cache: write failed', error);
    }
  };

  const schedule = () => {
    timer ??= setTimeout(() => void write(), WRITE_DELAY_MS);
  };
  const offConversations = useConversationStore.subscribe(schedule);
  const offMessages = useMessageStore.subscribe(schedule);
  const now = storesNow();
  if (cached?.conversations !== now.conversations || cached.messages !== now.messages) schedule();
  return () => {
    offConversations();
    offMessages();
    if (timer !== null) {
      clearTimeout(timer);
      void write(); // leaving the chat while signed in: keep the last change
    }
  };
}
