import { pushRoutes } from '@parley/protocol/http/push-routes';
import { call } from '../../api/http';
import {
  currentPushToken,
  dropPushSubscription,
  pushEnabledHere,
  setPushEnabledHere,
} from '../../lib/push-device';
import { requestNotificationPermission } from './permission';

// Web Push on this device (spec 4: enabling asks for permission, then gets
// a token; disabling deletes the token; spec 8: a failed enabling is only
// logged to the console). Loaded with the settings screen, never at start.

export type PushSupport = 'supported' | 'unsupported';

export function pushSupport(): PushSupport {
  return typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    typeof Notification !== 'undefined'
    ? 'supported'
    : 'unsupported';
}

/** The VAPID key as pushManager.subscribe wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** True when this device is now subscribed and the server has its token. */
export async function enablePush(): Promise<boolean> {
  try {
    if (pushSupport() !== 'supported') throw new Error('Push is not supported here');
    const permission = await requestNotificationPermission();
    if (permission !== 'granted') throw new Error(`Notification permission: ${permission}`);
    const registration = await navigator.serviceWorker.ready;
    const { public_key } = await call(pushRoutes.vapidKey, { silent: true });
    let subscription = await registration.pushManager.getSubscription();
    // A subscription made with another server key (a reset store) cannot be reused.
    const key = subscription?.options.applicationServerKey;
    if (subscription && key && !sameKey(new Uint8Array(key), keyBytes(public_key))) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(public_key),
    });
    await call(pushRoutes.createAppToken, {
      body: { token: JSON.stringify(subscription.toJSON()), app_type: 'web' },
      silent: true,
    });
    setPushEnabledHere(true);
    void import('../../api/visibility-report').then((m) => m.startVisibilityReport());
    return true;
  } catch (error) {
    console.error('Push notifications could not be enabled', error);
    return false;
  }
}

function sameKey(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Deletes the token on the server, then the browser's subscription. */
export async function disablePush(): Promise<void> {
  setPushEnabledHere(false);
  const token = await currentPushToken();
  try {
    if (token) await call(pushRoutes.deleteAppToken, { body: { token }, silent: true });
  } catch (error) {
    console.error('Push token not deleted on the server', error);
  }
  await dropPushSubscription();
}

/** Push is on here: the flag, and the browser still has a subscription. */
export async function pushActiveHere(): Promise<boolean> {
  return pushEnabledHere() && (await currentPushToken()) !== null;
}
