import type { Kysely } from 'kysely';
import type { Database } from '../../store/types';

/**
 * What other features learn of membership changes, inside the transaction
 * that makes them (the bots feature sends its my_chat_member updates).
 * Groups call these too, through `conversations.hooks`.
 */
export interface MembershipHooks {
  /** `userIds` became members, added by `by` (null: they joined on their own). */
  joined(
    trx: Kysely<Database>,
    conversationId: number,
    userIds: number[],
    by: number | null,
    at: string,
  ): Promise<void>;
  /** `userId` is out: left, removed or blocked by `by`. */
  left(
    trx: Kysely<Database>,
    conversationId: number,
    userId: number,
    by: number,
    how: 'left' | 'removed' | 'blocked',
    at: string,
  ): Promise<void>;
  /** In a direct chat, `userId` blocked or unblocked `friendId`. */
  blocked(
    trx: Kysely<Database>,
    conversationId: number,
    userId: number,
    friendId: number,
    blocked: boolean,
    at: string,
  ): Promise<void>;
}

export const NO_MEMBERSHIP_HOOKS: MembershipHooks = {
  joined: async () => undefined,
  left: async () => undefined,
  blocked: async () => undefined,
};
