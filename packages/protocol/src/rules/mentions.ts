import { usernameKey } from './username';

// Spec 4 mentions: `@name` in a message's text names a member by username
// (letters and digits; compared as username keys). The server stores the
// mention on the named members' links; clients apply the same rule to a
// live message so the badge appears without a fetch.

/** `@name` tokens of a text, as username keys. */
export function mentionKeys(text: string): string[] {
  return [...new Set([...text.matchAll(/@([A-Za-z0-9]+)/g)].map((m) => usernameKey(m[1] ?? '')))];
}

/** Does the text mention this username? */
export function mentionsUser(text: string, username: string): boolean {
  return mentionKeys(text).includes(usernameKey(username));
}
