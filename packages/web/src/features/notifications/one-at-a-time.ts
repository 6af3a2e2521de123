import { settledWithin } from '../../lib/settled-within';

// The browser's notification calls (show, and the list that close reads),
// one at a time across the app's tabs. In Chromium a getNotifications()
// that runs while a showNotification() is under way can drop the new
// notification from the browser's records: polled beside a loop of shows,
// 14 of 40 went missing from the list (e2e/settings/notifications.spec.ts
// met it as a flake). Every tab closes its chat's notification when the
// chat comes on screen, and only the leading tab shows them, so without
// this a tab switching chats could erase the record of the notification
// the leader was showing at that moment.

const CALLS_LOCK = 'parley-notification-calls';
/** The longest one call keeps the others waiting; it still answers its own caller. */
export const CALL_WAIT_MS = 5_000;

/** `call`, run while no other tab of the app (nor this one) runs one; without Web Locks, at once. */
export function oneAtATime<T>(locks: LockManager | undefined, call: () => Promise<T>): Promise<T> {
  if (!locks) return call();
  return new Promise<T>((resolve, reject) => {
    locks
      .request(CALLS_LOCK, () => {
        const running = call();
        running.then(resolve, reject);
        return settledWithin(running, CALL_WAIT_MS);
      })
      .catch(reject);
  });
}
