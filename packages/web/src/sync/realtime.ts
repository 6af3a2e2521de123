import { STORAGE_KEYS } from '@parley/protocol/constants';
import { resumePositions } from '@parley/protocol/sync/list-reducers';
import { signalAuthFailure } from '../api/auth-failure';
import { refreshTokens } from '../api/refresh';
import {
  RealtimeSocket,
  browserSocket,
  sendRealtime,
  setActiveSocket,
  socketUrl,
} from '../api/socket';
import { allowCacheWrites } from '../lib/cache-db';
import { readStorage } from '../lib/storage';
import { accessTokenUserId, getAccessToken, getRefreshToken, onTokensSaved } from '../lib/tokens';
import { useSessionStore } from '../features/auth/session-store';
import { useLiveStore } from '../features/conversations/live-store';
import { useConversationStore } from '../features/conversations/store';
import { useMessageStore } from '../features/messages/store';
import { startNotificationsDeferred } from '../features/notifications/deferred';
import { persistToCache, readCache, storesHoldNothing, storesNow } from './cache-sync';
import type { CachedStores } from './cache-sync';
import { attachDispatcher, detachDispatcher, dispatchFrame, forgetReadyUser } from './dispatcher';
import { flushOutbox } from './outbox';

// The chat's realtime composition: the tab's socket (api/socket.ts) feeds
// the one dispatcher (dispatcher.ts); the local cache renders the last known
// state before the network answers; the offline queue goes out when the
// connection is back. Runs while the chat shell is mounted.

/** Guards the 4002 reload across the reload itself: one reload per tab session. */
const RELOAD_GUARD = 'parley-version-reload';

function onWake(listener: () => void): () => void {
  const visible = () => {
    if (document.visibilityState === 'visible') listener();
  };
  window.addEventListener('online', listener);
  document.addEventListener('visibilitychange', visible);
  return () => {
    window.removeEventListener('online', listener);
    document.removeEventListener('visibilitychange', visible);
  };
}

function reloadOnce(): void {
  if (sessionStorage.getItem(RELOAD_GUARD)) {
    console.error('realtime: protocol version mismatch persists after a reload');
    return;
  }
  sessionStorage.setItem(RELOAD_GUARD, '1');
  window.location.reload();
}

/** The cache read that the chat's loader started, until startRealtime takes it. */
let hydrating: Promise<CachedStores | null> | null = null;

/**
 * Puts the local cache into the stores. The chat's loader starts this as
 * soon as the chat's code is here (app/boot/boot.ts): when the cache
 * was read meanwhile, the stores hold the cached list before the first
 * render. startRealtime takes that read, or reads itself.
 */
export function hydrateFromCache(): void {
  hydrating ??= readAndHydrate();
}

/**
 * Puts the cache into the stores. Returns their states then when they hold
 * just what the cache holds; null when nothing was read, or when the first
 * page had landed before the read (the cache lacks it).
 */
async function readAndHydrate(): Promise<CachedStores | null> {
  const snapshot = await readCache(accessTokenUserId());
  // Signed out while reading: nothing of that user goes back into memory.
  if (!snapshot || !useSessionStore.getState().authenticated) return null;
  const onlyTheCache = storesHoldNothing();
  useConversationStore.getState().hydrate(snapshot);
  useMessageStore.getState().hydrate(snapshot.threads, snapshot.pending);
  return onlyTheCache ? storesNow() : null;
}

/** Starts cache, socket and queue for the signed-in chat; returns the stop. */
export function startRealtime(): () => void {
  allowCacheWrites();
  let stopped = false;
  let stopPersist: (() => void) | null = null;
  const socket = new RealtimeSocket({
    createSocket: browserSocket,
    url: socketUrl(window.location),
    getToken: getAccessToken,
    hasRefreshCredential: () => getRefreshToken() !== null,
    refresh: refreshTokens,
    onAuthFailure: signalAuthFailure,
    reload: reloadOnce,
    resume: () => {
      const state = useConversationStore.getState();
      return { user_seq: state.userSeq, conversations: resumePositions(state) };
    },
    onFrame: dispatchFrame,
    onStatus: (status) => {
      if (status !== 'ready') useLiveStore.getState().disconnected();
    },
    onTokenSaved: onTokensSaved,
    onWake,
  });
  setActiveSocket(socket);
  const notifier = startNotificationsDeferred();
  attachDispatcher({
    notifier,
    onReady: () => {
      sessionStorage.removeItem(RELOAD_GUARD);
      void flushOutbox();
      // With push on here, the server must know when this tab is on screen (docs/PUSH.md).
      if (readStorage(STORAGE_KEYS.pushToken) !== null)
        void import('./visibility-report').then((m) => m.startVisibilityReport(sendRealtime));
    },
  });

  const online = () => void flushOutbox();
  const offline = () => socket.offline();
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);

  // The cache first (so hello names the cached positions), then the socket.
  const hydrated = hydrating ?? readAndHydrate();
  hydrating = null;
  void hydrated.then((cached) => {
    if (stopped) return;
    stopPersist = persistToCache(accessTokenUserId, cached);
    socket.start();
  });

  return () => {
    stopped = true;
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    stopPersist?.();
    socket.stop();
    setActiveSocket(null);
    notifier.stop();
    detachDispatcher();
    useLiveStore.getState().disconnected();
  };
}

// Signed out (logout, failed refresh): nothing of this user stays in memory.
useSessionStore.subscribe((state, previous) => {
  if (previous.authenticated && !state.authenticated) {
    forgetReadyUser();
    hydrating = null; // the next session reads the cache afresh
    useConversationStore.getState().reset();
    useMessageStore.getState().reset();
    useLiveStore.getState().reset();
  }
});
