import type { Message } from '@parley/protocol/message';
import type { FoundMessageRow } from './queries';

// A channel publishes under its own name (docs/PERMISSIONS.md, Channels):
// a post found by search is signed by the channel, as the chat list and the
// history show it. A search result is made for one reader, so here the
// poster is not given away at all: not their name, picture or id. The
// reader's own posts stay theirs.

/** `message` as `readerId` sees it in a search result: a channel post of someone else signed by the channel. */
export function signedForReader(message: Message, row: FoundMessageRow, readerId: number): Message {
  if (row.conversation_type !== 'channel') return message;
  const channel = {
    id: row.conversation_id,
    name: row.conversation_name ?? '',
    avatar: row.conversation_avatar,
  };
  // A quoted post comes signed already (messages/to-message.ts, refOf).
  if (message.user_id === readerId || message.sender === null) return message;
  return { ...message, user_id: null, sender: channel };
}
