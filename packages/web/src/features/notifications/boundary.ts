import { navigateTo } from '../../lib/navigation';
import { conversationPath } from './click';
import type { NotificationContent } from './content';

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

/**
 * Through the service worker's registration when there is one: its
 * notifications outlive the page's JS being throttled in the background and
 * their click reaches sw.ts, which focuses a tab. Without a worker (the dev
 * server) a page notification does the same while this tab lives.
 */
export const browserNotifications: NotificationBoundary = {
  permission: browserPermission,
  show: async ({ title, options }) => {
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
  },
  close: async (tag) => {
    pageNotifications.get(tag)?.close();
    const worker = await registration();
    if (!worker) return;
    for (const shown of await worker.getNotifications({ tag })) shown.close();
  },
};
