import { GROUP_NOTICE_TYPE } from '../group-notice';
import { usernameKey } from './username';

// Spec 4 mentions: `@name` in a message's text names a member by username
// (letters and digits; compared as username keys). The server stores the
// mention on the named members' links; clients apply the same rule to a
// live message so the badge appears without a fetch.

/** `@name` tokens of a text, as username keys. */
export function mentionKeys(text: string): string[] {
  return [...new Set([...text.matchAll(/@([A-Za-z0-9]+)/g)].map((m) => usernameKey(m[1] ?? '')))];
}

/**
 * The `@name` keys of a message: none for a group's service line, whose
 * text is a payload (a group renamed "@bob's party" mentions nobody).
 */
export function messageMentionKeys(message: { message: string; type?: string }): string[] {
  return message.type === GROUP_NOTICE_TYPE ? [] : mentionKeys(message.message);
}

/** Does the message mention this username? (The live badge, as the server's stored mention.) */
export function messageMentionsUser(
  message: { message: string; type?: string },
  username: string,
): boolean {
  return messageMentionKeys(message).includes(usernameKey(username));
}
