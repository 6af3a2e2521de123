/// <reference lib="webworker" />
import { pushPayloadSchema } from '@parley/protocol/push';
import type { PushPayload } from '@parley/protocol/push';
import { DEVICE_SETTINGS_CACHE, DEVICE_SETTINGS_URL } from './lib/device-settings';
import type { DeviceNotificationSettings } from './lib/device-settings';

// Web Push in the service worker (docs/PUSH.md): a push from the server
// becomes a system notification while no tab of the app is on screen — one
// per conversation (the tag replaces the previous one), silent when this
// device's sound is off, "New message" when its previews are off — and the
// app badge shows the unread count (Badging API, where there is one).

declare let self: ServiceWorkerGlobalScope;

const APP_ICON = '/icons/icon-192.png';

const DEFAULTS: DeviceNotificationSettings = {
  sound: true,
  previews: true,
  neutral: { title: 'Parley', body: 'New message' },
};

async function deviceSettings(): Promise<DeviceNotificationSettings> {
  try {
    const cache = await caches.open(DEVICE_SETTINGS_CACHE);
    const stored = await cache.match(DEVICE_SETTINGS_URL);
    return stored
      ? { ...DEFAULTS, ...((await stored.json()) as DeviceNotificationSettings) }
      : DEFAULTS;
  } catch {
    return DEFAULTS;
  }
}

/** A window of the app on screen: its own notifier (features/notifications) has it covered. */
async function appOnScreen(): Promise<boolean> {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return tabs.some((tab) => tab.visibilityState === 'visible');
}

async function setBadge(count: number): Promise<void> {
  const nav = self.navigator as WorkerNavigator & {
    setAppBadge?: (n?: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  try {
    if (count > 0) await nav.setAppBadge?.(count);
    else await nav.clearAppBadge?.();
  } catch {
    // Not installed, or no badge on this platform.
  }
}

export async function showPush(payload: PushPayload): Promise<void> {
  await setBadge(payload.unread);
  if (await appOnScreen()) return;
  const settings = await deviceSettings();
  const previews = settings.previews && payload.identifies;
  await self.registration.showNotification(previews ? payload.title : settings.neutral.title, {
    body: previews ? payload.body : settings.neutral.body,
    tag: payload.tag,
    icon: previews && payload.icon ? payload.icon : APP_ICON,
    badge: APP_ICON,
    silent: !settings.sound,
    // Same shape as the tab's notifications: the click handler opens the chat.
    data: { conversation_id: payload.conversation_id },
    // A new message in a collapsed conversation should still make itself heard.
    renotify: true,
  } as NotificationOptions);
}

export function parsePush(data: PushMessageData | null): PushPayload | null {
  if (!data) return null;
  try {
    const parsed = pushPayloadSchema.safeParse(data.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
