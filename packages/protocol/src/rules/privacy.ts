import type { User } from '../user';

// What the privacy settings mean, in one place for every feature that must
// honour them. Paranoid mode is a bundle of strict settings on top of the
// individual switches: no link previews, no message text in notifications,
// and the app locked by the secret passcode after inactivity (and on load).

type Privacy = Pick<User, 'load_links' | 'paranoid'>;

/** Link previews are fetched and shown for this user. */
export function loadsLinkPreviews(user: Privacy): boolean {
  return user.load_links && !user.paranoid;
}

/** Notifications for this user may carry the message text (else only "New message"). */
export function notificationShowsText(user: Pick<User, 'paranoid'>): boolean {
  return !user.paranoid;
}

/** The web app locks itself behind the secret passcode. */
export function appLockEnabled(user: Pick<User, 'paranoid' | 'secret_exists'>): boolean {
  return user.paranoid && user.secret_exists;
}
