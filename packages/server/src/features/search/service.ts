import type { Kysely } from 'kysely';
import { USER_SEARCH_MAX } from '@parley/protocol/constants';
import { searchTerms, snippetOf } from '@parley/protocol/rules/search-text';
import { SPOILER_MASK } from '@parley/protocol/rules/message-line';
import { plainText } from '@parley/protocol/rules/format/text';
import { nameQuery, SEARCH_PAGE } from '@parley/protocol/search';
import type { FoundGroup, FoundMessage, SearchQuery, SearchReply } from '@parley/protocol/search';
import { indexPendingMessages } from '../../store/search-indexer';
import type { Database } from '../../store/types';
import { friendsOf } from '../conversations/queries';
import { memberCounts } from '../conversations/queries';
import { toMessages } from '../messages/to-message';
import type { UsersService } from '../users/service';
import { signedForReader } from './channel-signature';
import * as q from './queries';

// GET /user/search: people (the users feature's own search), public groups
// and channels, and the caller's messages. `before` pages the messages;
// people and groups come with the first page only.

export function createSearchService(deps: { db: Kysely<Database>; users: UsersService }) {
  const { db } = deps;

  async function groups(userId: number, text: string): Promise<FoundGroup[]> {
    const rows = await q.findPublicGroups(db, userId, text, USER_SEARCH_MAX);
    const counts = await memberCounts(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      type: r.type === 'channel' ? 'channel' : 'group',
      name: r.name ?? '',
      username: r.username ?? '',
      avatar: r.avatar,
      members_count: counts.get(r.id) ?? 0,
      is_member: r.member_status === 'member',
    }));
  }

  async function messages(
    userId: number,
    text: string,
    before: number | null,
  ): Promise<{ messages: FoundMessage[]; next_before: number | null }> {
    const terms = searchTerms(text);
    // Nothing but punctuation and operators: nothing to look for.
    if (terms.length === 0) return { messages: [], next_before: null };
    // Messages sent since the last round of the indexer are searched too.
    await indexPendingMessages(db);
    const rows = await q.findMessages(db, userId, terms, { before, limit: SEARCH_PAGE + 1 });
    const page = rows.slice(0, SEARCH_PAGE);
    const directIds = new Set(
      page.filter((r) => r.conversation_type === 'direct').map((r) => r.conversation_id),
    );
    const [serialized, friendRows] = await Promise.all([
      toMessages(db, page),
      friendsOf(db, userId, [...directIds]),
    ]);
    const friends = new Map(
      friendRows.map((f) => [f.conversation_id, { id: f.id, name: f.name, avatar: f.avatar }]),
    );
    const found = page.map((row, i): FoundMessage => {
      const message = serialized[i];
      if (!message) throw new Error('toMessages dropped a row');
      return {
        message: signedForReader(message, row, userId),
        conversation: {
          id: row.conversation_id,
          type: row.conversation_type,
          name:
            row.conversation_type === 'group' || row.conversation_type === 'channel'
              ? row.conversation_name
              : null,
          avatar: row.conversation_avatar,
          friend: friends.get(row.conversation_id) ?? null,
        },
        // The words as the chat list shows the line: no markers, spoilers masked.
        snippet: snippetOf(plainText(row.message, { spoilerMask: SPOILER_MASK }), terms),
      };
    });
    const more = rows.length > SEARCH_PAGE;
    return { messages: found, next_before: more ? (page.at(-1)?.id ?? null) : null };
  }

  return {
    async search(userId: number, query: SearchQuery): Promise<SearchReply> {
      const want = (kind: SearchQuery['type']) => query.type === 'all' || query.type === kind;
      const firstPage = query.before === undefined;
      const name = nameQuery(query.q);
      const [users, groupList, found] = await Promise.all([
        want('users') && firstPage && name !== '' ? deps.users.search(userId, name) : [],
        want('groups') && firstPage && name !== '' ? groups(userId, name) : [],
        want('messages')
          ? messages(userId, query.q, query.before ?? null)
          : { messages: [], next_before: null },
      ]);
      return { users, groups: groupList, ...found };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
