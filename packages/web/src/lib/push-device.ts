import { STORAGE_KEYS } from '@parley/protocol/constants';
import { readStorage, writeStorage } from './storage';

// This device's push subscription and notification choices, without the
// API: logout reads the token (spec 7, `firebase_token`), the socket reports
// visibility only while push is on, and the service worker reads the
// choices from Cache Storage (a worker has no localStorage).

/** Where the page leaves the choices for sw.ts (one JSON response). */
export const DEVICE_SETTINGS_CACHE = 'parley-device-settings';
export const DEVICE_SETTINGS_URL = '/__parley/device-settings.json';

export type DeviceNotificationSettings = {
  sound: boolean;
  previews: boolean;
  /** What a notification says without previews, in the page's language. */
  neutral: { title: string; body: string };
};

export const pushEnabledHere = () => readStorage(STORAGE_KEYS.pushEnabled) === '1';
export const setPushEnabledHere = (on: boolean) =>
  writeStorage(STORAGE_KEYS.pushEnabled, on ? '1' : null);

export const soundOn = () => readStorage(STORAGE_KEYS.notificationSound) !== '0';
export const previewsOn = () => readStorage(STORAGE_KEYS.notificationPreviews) !== '0';

/** Stores a choice for the page and mirrors all of them for the service worker. */
export async function saveDeviceSettings(
  change: Partial<Pick<DeviceNotificationSettings, 'sound' | 'previews'>>,
  neutral: DeviceNotificationSettings['neutral'],
): Promise<void> {
  if (change.sound !== undefined)
    writeStorage(STORAGE_KEYS.notificationSound, change.sound ? null : '0');
  if (change.previews !== undefined)
    writeStorage(STORAGE_KEYS.notificationPreviews, change.previews ? null : '0');
  if (typeof caches === 'undefined') return;
  const settings: DeviceNotificationSettings = {
    sound: soundOn(),
    previews: previewsOn(),
    neutral,
  };
  try {
    const cache = await caches.open(DEVICE_SETTINGS_CACHE);
    await cache.put(DEVICE_SETTINGS_URL, Response.json(settings));
  } catch (error) {
    console.error('Device notification settings not stored for the service worker', error);
  }
}

/** The browser's current push subscription as the token text; null without one. */
export async function currentPushToken(): Promise<string | null> {
  try {
    if (!('serviceWorker' in navigator)) return null;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    return subscription ? JSON.stringify(subscription.toJSON()) : null;
  } catch {
    return null;
  }
}

/** Logout: the browser forgets the subscription too (the server forgets it with the session). */
export async function dropPushSubscription(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Nothing to undo on a browser without push.
  }
}
