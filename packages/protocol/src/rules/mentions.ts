import { GROUP_NOTICE_TYPE } from '../group-notice';
import { usernameKey } from './username';

// Spec 4 mentions: `@name` in a message's text names a member by username
// (letters and digits; compared as username keys). The server stores the
// mention on the named members' links; clients apply the same rule to a
// live message so the badge appears without a fetch.

/** What follows the `@` of a mention: the whole of a username this rule can name. */
const MENTION_NAME = '[A-Za-z0-9]+';
// Built once: every message's text is read with it. matchAll works on a copy,
// so the shared `lastIndex` is never moved.
const MENTION = new RegExp(`@(${MENTION_NAME})`, 'g');
const WHOLE_NAME = new RegExp(`^${MENTION_NAME}$`);

/** `@name` tokens of a text, as username keys. */
export function mentionKeys(text: string): string[] {
  if (!text.includes('@')) return [];
  return [...new Set(Array.from(text.matchAll(MENTION), (m) => usernameKey(m[1] ?? '')))];
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

/**
 * Can `@username` name this user? Usernames may hold spaces (spec 5), and
 * the rule above stops at the first one, so such a username cannot be
 * mentioned: `@Ann Lee` would name `ann`.
 */
export function isMentionable(username: string | null | undefined): username is string {
  return username != null && WHOLE_NAME.test(username);
}
