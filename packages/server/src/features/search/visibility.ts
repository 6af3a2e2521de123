import { sql } from 'kysely';
import { SEARCHABLE_MESSAGE_TYPES } from '@parley/protocol/search';
import { PERSONAL_KINDS } from '@parley/protocol/rules/kinds';

// Which messages a search may return, as SQL conditions over the aliases
// every message search uses: `msg` the message, `m` the caller's membership
// row of its conversation, `c` the conversation. One text for the query
// shapes of both dialects (queries.ts, postgres-walk.ts).

/**
 * What history shows the member (as requireAccess allows): after their
 * `cleared`, in a conversation they have not left (personal kinds are only
 * hidden), and not hidden for them. The flag is a literal, not a parameter
 * (store/flag-literal.ts says why).
 */
export const seenBy = (userId: number) =>
  sql<boolean>`msg.id > m.cleared
    and (m.deleted = false or c.type in (${sql.join(PERSONAL_KINDS)}))
    and not exists (select 1 from message_hidden h where h.message_id = msg.id and h.user_id = ${userId})`;

/**
 * Not deleted, of a type with text, and not the server's own texts (the
 * welcome), which are catalogue keys shown translated.
 */
export const searchable = sql<boolean>`msg.deleted_at is null
    and msg.type in (${sql.join(SEARCHABLE_MESSAGE_TYPES)})
    and msg.user_id is not null`;

/** Besides `msg.*`, what a found message carries: its sender's name and its conversation. */
export const FOUND_COLUMNS = [
  'u.name as sender_name',
  'c.type as conversation_type',
  'c.name as conversation_name',
  'c.avatar as conversation_avatar',
] as const;
