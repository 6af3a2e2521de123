import { z } from 'zod';
import { SEARCH_QUERY_MAX } from './constants';
import { CONVERSATION_TYPES, userSearchReplySchema } from './conversation';
import { FILE_MESSAGE_TYPES } from './file';
import { idParamSchema } from './ids';
import { messageSchema, TEXT_MESSAGE_TYPE } from './message';
import { stripLeadingAt } from './rules/username';

// Global search (GET /user/search): people who allow it, public groups and
// channels, and full-text search in the caller's own conversations. Message
// results carry a snippet with its matches as ranges, never markup, so the
// client marks them up itself from plain text.

export { SEARCH_QUERY_MAX };
export const SEARCH_PAGE = 20;

/** Server texts of the search call; the web catalogues use them as keys. */
export const SEARCH_MSG = {
  queryRequired: 'Type something to search for',
  queryTooLong: 'The search text is too long',
} as const;

/**
 * Message types whose text people wrote. Server notices (sign_in, …) are
 * machine-readable bodies shown translated, so their stored text is not searched.
 */
export const SEARCHABLE_MESSAGE_TYPES = [
  TEXT_MESSAGE_TYPE,
  FILE_MESSAGE_TYPES.image,
  FILE_MESSAGE_TYPES.file,
] as const;

export const SEARCH_TYPES = ['all', 'users', 'groups', 'messages'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

const id = z.number().int();

export const searchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_MSG.queryRequired })
    // Control characters are never text to look for (and PostgreSQL refuses NUL).
    .overwrite((v) => v.replace(/\p{Cc}/gu, ' '))
    .trim()
    .min(1, SEARCH_MSG.queryRequired)
    .max(SEARCH_QUERY_MAX, SEARCH_MSG.queryTooLong),
  type: z.enum(SEARCH_TYPES).default('all'),
  /** Messages only: the next page starts below this id (next_before of the last page). */
  before: idParamSchema.optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** The text people and group names are matched on: trimmed, without a leading @. */
export const nameQuery = (q: string) => stripLeadingAt(q.trim());

export const foundGroupSchema = z.object({
  id,
  type: z.enum(['group', 'channel']),
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  members_count: z.number().int(),
  /** The caller is a present member: open it; otherwise join it through /to/:username. */
  is_member: z.boolean(),
});
export type FoundGroup = z.infer<typeof foundGroupSchema>;

/** Enough of the conversation to name it in a result. */
export const foundConversationSchema = z.object({
  id,
  type: z.enum(CONVERSATION_TYPES),
  /** A group's or channel's name; null for the other kinds. */
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  /** A direct chat's other member. */
  friend: z.object({ id, name: z.string(), avatar: z.string().nullable() }).nullable(),
});
export type FoundConversation = z.infer<typeof foundConversationSchema>;

const rangeSchema = z.tuple([z.number().int(), z.number().int()]);

export const foundMessageSchema = z.object({
  message: messageSchema,
  conversation: foundConversationSchema,
  /** Part of the text around the first match; `highlights` are [start, end) string indices in it. */
  snippet: z.object({ text: z.string(), highlights: z.array(rangeSchema) }),
});
export type FoundMessage = z.infer<typeof foundMessageSchema>;

export const searchReplySchema = z.object({
  users: userSearchReplySchema.shape.users,
  groups: z.array(foundGroupSchema),
  /** Newest first, SEARCH_PAGE at a time. */
  messages: z.array(foundMessageSchema),
  /** Pass as `before` for the next page of messages; null when there is none. */
  next_before: id.nullable(),
});
export type SearchReply = z.infer<typeof searchReplySchema>;
