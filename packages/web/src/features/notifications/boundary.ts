import { navigateTo } from '../../lib/navigation';
import { conversationPath } from './click';
import type { NotificationContent } from './content';
import { oneAtATime } from './one-at-a-time';

// The browser's notification API, behind one small interface: the notifier
// is tested against a fake of exactly this (jsdom has no Notification and
// no service worker), and everything else runs for real.

export type PermissionState = NotificationPermission | 'unsupported';

export type NotificationBoundary = {
  permission: () => PermissionState;
  show: (content: NotificationContent) => Promise<void>;
  /** Closes the notification with this tag, if one is showing. */
  close: (tag: string) => Promise<void>;
};

export function browserPermission(): PermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** The service worker's registration once it is active; null without one (dev server). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const found = await navigator.serviceWorker.getRegistration();
  if (!found) return null;
  return found.active ? found : navigator.serviceWorker.ready;
}

/** Page notifications of the no-worker fallback, by tag, so close() finds them. */
const pageNotifications = new Map<string, Notification>();

const locks = () => (typeof navigator === 'undefined' ? undefined : navigator.locks);

/**
 * Through the service worker's registration when there is one: its
 * notifications outlive the page's JS being throttled in the background and
 * their click reaches sw.ts, which focuses a tab. Without a worker (the dev
 * server) a page notification does the same while this tab lives.
 */
async function show({ title, options }: NotificationContent): Promise<void> {
  const worker = await registration();
  if (worker) {
    await worker.showNotification(title, options);
    return;
  }
  pageNotifications.get(options.tag)?.close();
  const shown = new Notification(title, options);
  pageNotifications.set(options.tag, shown);
  shown.onclick = () => {
    window.focus();
    navigateTo(conversationPath(options.data.conversation_id));
    shown.close();
  };
  shown.onclose = () => {
    if (pageNotifications.get(options.tag) === shown) pageNotifications.delete(options.tag);
  };
}

async function close(tag: string): Promise<void> {
  pageNotifications.get(tag)?.close();
  const worker = await registration();
  if (!worker) return;
  for (const shown of await worker.getNotifications({ tag })) shown.close();
}

/** Calls to the browser's notifications, one at a time across the app's tabs (one-at-a-time.ts). */
export const browserNotifications: NotificationBoundary = {
  permission: browserPermission,
  show: (content) => oneAtATime(locks(), () => show(content)),
  close: (tag) => oneAtATime(locks(), () => close(tag)),
};
