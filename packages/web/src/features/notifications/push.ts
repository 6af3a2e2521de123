import { STORAGE_KEYS } from '@parley/protocol/constants';
import { pushRoutes } from '@parley/protocol/http/push-routes';
import { call } from '../../api/http';
import { readStorage, writeStorage } from '../../lib/storage';
import { requestNotificationPermission } from './permission';

// Web Push on this device (spec 4: enabling asks for permission, then gets
// a token; disabling deletes the token; spec 8: a failed enabling is only
// logged to the console). Loaded with the settings screen, never at start.
// The token the server has is kept under `push_token`: logout sends it as
// `firebase_token` (spec 7) and the socket reports visibility while it is
// there (sync/visibility-report.ts).

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    typeof Notification !== 'undefined'
  );
}

/** The VAPID key as pushManager.subscribe wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function sameKey(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

async function subscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** True when this device is now subscribed and the server has its token. */
export async function enablePush(): Promise<boolean> {
  try {
    if (!pushSupported()) throw new Error('Push is not supported here');
    const permission = await requestNotificationPermission();
    if (permission !== 'granted') throw new Error(`Notification permission: ${permission}`);
    const registration = await navigator.serviceWorker.ready;
    const { public_key } = await call(pushRoutes.vapidKey, { silent: true });
    const key = keyBytes(public_key);
    let current = await registration.pushManager.getSubscription();
    // A subscription made with another server key (a reset store) cannot be reused.
    const currentKey = current?.options.applicationServerKey;
    if (current && currentKey && !sameKey(new Uint8Array(currentKey), key)) {
      await current.unsubscribe();
      current = null;
    }
    current ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    const token = JSON.stringify(current);
    await call(pushRoutes.createAppToken, { body: { token, app_type: 'web' }, silent: true });
    writeStorage(STORAGE_KEYS.pushToken, token);
    return true;
  } catch (error) {
    console.error('Push notifications could not be enabled', error);
    return false;
  }
}

/** Deletes the token on the server, then the browser's subscription. */
export async function disablePush(): Promise<void> {
  const token = readStorage(STORAGE_KEYS.pushToken);
  writeStorage(STORAGE_KEYS.pushToken, null);
  try {
    if (token) await call(pushRoutes.deleteAppToken, { body: { token }, silent: true });
  } catch (error) {
    console.error('Push token not deleted on the server', error);
  }
  try {
    await (await subscription())?.unsubscribe();
  } catch (error) {
    console.error('Push subscription not removed from the browser', error);
  }
}

/** Push is on here: the token is kept and the browser still has the subscription. */
export async function pushActiveHere(): Promise<boolean> {
  if (!pushSupported() || readStorage(STORAGE_KEYS.pushToken) === null) return false;
  return (await subscription()) !== null;
}
