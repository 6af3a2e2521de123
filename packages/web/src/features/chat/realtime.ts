import type { ServerFrame } from '@parley/protocol/realtime';
import { signalAuthFailure } from '../../api/auth-failure';
import { refreshTokens } from '../../api/refresh';
import { RealtimeSocket, browserSocket, setActiveSocket, socketUrl } from '../../api/socket';
import { allowCacheWrites } from '../../lib/cache-db';
import {
  accessTokenUserId,
  getAccessToken,
  getRefreshToken,
  onTokensSaved,
} from '../../lib/tokens';
import { useSessionStore } from '../auth/session-store';
import { toLastMessage } from '../conversations/events';
import { useLiveStore } from '../conversations/live-store';
import { resumePositions } from '../conversations/reducers';
import { useConversationStore } from '../conversations/store';
import { useFolderStore } from '../folders/store';
import { noteMembershipFrame } from '../groups/membership-events';
import { useMessageStore } from '../messages/store';
import { startNotifications } from '../notifications/notifier';
import type { Notifier } from '../notifications/notifier';
import { useAuthStore } from '../auth/store';
import { applyOwnProfile, applyOwnSettings } from '../settings/store';
import { persistToCache, readCache, storesHoldNothing, storesNow } from './cache-sync';
import type { CachedStores } from './cache-sync';

// The chat's realtime composition: the tab's socket (api/socket.ts) feeds
// the conversation, message and live stores; the local cache renders the
// last known state before the network answers; the offline queue goes out
// when the connection is back. Runs while the chat shell is mounted.

/** Guards the 4002 reload across the reload itself: one reload per tab session. */
const RELOAD_GUARD = 'parley-version-reload';

/** The user id of the last `ready` (own messages do not count as unread). */
let ownId: number | null = null;
/** System notifications for new messages, while the realtime runs. */
let notifier: Notifier | null = null;

function handleFrame(frame: ServerFrame): void {
  const conversations = useConversationStore.getState();
  const messages = useMessageStore.getState();
  const live = useLiveStore.getState();
  switch (frame.op) {
    case 'ready':
      ownId = frame.user_id;
      sessionStorage.removeItem(RELOAD_GUARD);
      live.ready(frame.online_user_ids);
      void flushQueue();
      return;
    case 'event':
      // Before the stores: the notifier reads the conversation as it was.
      notifier?.noteFrame(frame, ownId);
      // History first (idempotent by id and uuid), then the list's counters (gated by seq).
      messages.applyFrame(frame, ownId);
      noteMembershipFrame(frame);
      if (frame.scope === 'conversation') {
        if (frame.type === 'message.new' && frame.payload.message.user_id !== null) {
          live.setTyping(frame.conversation_id, frame.payload.message.user_id, false);
        }
        if (frame.type === 'user.updated') applyOwnProfile(frame.payload, ownId);
        conversations.applyConversationFrame(frame, ownId);
      } else {
        if (frame.type === 'settings.changed') applyOwnSettings(frame.payload);
        conversations.applyUserFrame(frame);
        useFolderStore.getState().applyFrame(frame);
      }
      return;
    case 'refetch':
      if (frame.scope === 'user') {
        void conversations.refetchAll();
        void useFolderStore.getState().load();
        // Settings changes may be among the skipped events: GET /user has them all.
        void useAuthStore.getState().loadUser();
      } else if (frame.conversation_id !== undefined) {
        conversations.refetch([frame.conversation_id]);
        if (messages.threads[frame.conversation_id]) {
          void messages.load(frame.conversation_id, 'latest');
        }
      }
      return;
    case 'typing':
      if (frame.user_id !== ownId) {
        live.setTyping(frame.conversation_id, frame.user_id, frame.state === 'start');
      }
      return;
    case 'presence':
      live.presence(frame.user_id, frame.online);
      return;
    case 'error':
      console.warn('realtime: the server refused a frame:', frame.message);
      return;
    default:
      return;
  }
}

/** Sends the offline queue (same uuids) and moves the list's previews. */
async function flushQueue(): Promise<void> {
  const sent = await useMessageStore.getState().flushQueue();
  for (const m of sent) {
    useConversationStore.getState().lastMessage(m.conversation_id, toLastMessage(m));
  }
}

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
 * soon as the chat's code is here (features/chat/boot.ts): when the cache
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
    onFrame: handleFrame,
    onStatus: (status) => {
      if (status !== 'ready') useLiveStore.getState().disconnected();
    },
    onTokenSaved: onTokensSaved,
    onWake,
  });
  setActiveSocket(socket);
  notifier = startNotifications();

  const online = () => void flushQueue();
  const offline = () => socket.offline();
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);

  // The cache first (so hello names the cached positions), then the socket.
  const hydrated = hydrating ?? readAndHydrate();
  hydrating = null;
  void hydrated.then((cached) => {
    if (stopped) return;
    stopPersist = persistToCache(() => ownId ?? accessTokenUserId(), cached);
    socket.start();
  });

  return () => {
    stopped = true;
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    stopPersist?.();
    socket.stop();
    setActiveSocket(null);
    notifier?.stop();
    notifier = null;
    useLiveStore.getState().disconnected();
  };
}

// Signed out (logout, failed refresh): nothing of this user stays in memory.
useSessionStore.subscribe((state, previous) => {
  if (previous.authenticated && !state.authenticated) {
    ownId = null;
    hydrating = null; // the next session reads the cache afresh
    useConversationStore.getState().reset();
    useMessageStore.getState().reset();
    useLiveStore.getState().reset();
  }
});
