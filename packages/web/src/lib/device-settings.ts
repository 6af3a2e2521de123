import { STORAGE_KEYS } from '@parley/protocol/constants';
import { readStorage, writeStorage } from './storage';

// This device's notification choices (sound, previews): read by the page
// from localStorage, and mirrored into Cache Storage for the service worker
// (sw-push.ts), which has no localStorage. docs/SETTINGS.md.

export const soundOn = () => readStorage(STORAGE_KEYS.notificationSound) !== '0';
export const previewsOn = () => readStorage(STORAGE_KEYS.notificationPreviews) !== '0';

/** Where the page leaves the choices for sw.ts (one JSON response). */
export const DEVICE_SETTINGS_CACHE = 'parley-device-settings';
export const DEVICE_SETTINGS_URL = '/__parley/device-settings.json';

export type DeviceNotificationSettings = {
  sound: boolean;
  previews: boolean;
  /** What a notification says without previews, in the page's language. */
  neutral: { title: string; body: string };
};

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
