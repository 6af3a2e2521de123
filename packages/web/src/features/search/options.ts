import type { UserSearchReply } from '@parley/protocol/conversation';
import type { FoundGroup, FoundMessage, SearchReply } from '@parley/protocol/search';
import type { ConversationListItem } from '../conversations/list-item';

// The rows of the search results in one list, in the order they are shown,
// so arrow keys walk across the sections.

export type FoundUser = UserSearchReply['users'][number];

export type SearchOption =
  | { kind: 'chat'; key: string; chat: ConversationListItem }
  | { kind: 'user'; key: string; user: FoundUser }
  | { kind: 'group'; key: string; group: FoundGroup }
  | { kind: 'message'; key: string; found: FoundMessage };

/** The results' listbox and its options, named by the input's aria attributes. */
export const RESULTS_ID = 'search-results';
export const optionId = (option: SearchOption) => `search-option-${option.key}`;

/** The caller's own chats whose title matches come first; at most this many. */
export const CHATS_SHOWN = 8;

export function searchOptions(
  chats: ConversationListItem[],
  reply: SearchReply | null,
): SearchOption[] {
  const shownChats = chats.slice(0, CHATS_SHOWN);
  const own = new Set(shownChats.map((c) => c.id));
  return [
    ...shownChats.map((chat): SearchOption => ({ kind: 'chat', key: `c${chat.id}`, chat })),
    ...(reply?.users ?? []).map((user): SearchOption => ({
      kind: 'user',
      key: `u${user.id}`,
      user,
    })),
    // A group already listed among the chats is not listed twice.
    ...(reply?.groups ?? [])
      .filter((g) => !own.has(g.id))
      .map((group): SearchOption => ({ kind: 'group', key: `g${group.id}`, group })),
    ...(reply?.messages ?? []).map((found): SearchOption => ({
      kind: 'message',
      key: `m${found.message.id}`,
      found,
    })),
  ];
}
