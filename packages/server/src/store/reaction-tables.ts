import type { Timestamp } from './types';

// Kysely types of the reactions table (0021-reactions).

/** One person's reaction on one message (at most one: the primary key). */
export interface MessageReactionsTable {
  message_id: number;
  user_id: number;
  emoji: string;
  created_at: Timestamp;
}

export interface ReactionTables {
  message_reactions: MessageReactionsTable;
}
