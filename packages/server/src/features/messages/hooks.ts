import type { Kysely } from 'kysely';
import type { Database } from '../../store/types';
import type { AccessRow } from '../conversations/queries';

/**
 * What other features learn of messages inside the transaction that makes
 * them (the bots feature queues its Updates there). Never for the server's
 * own notices.
 */
export interface MessageHooks {
  inserted(
    trx: Kysely<Database>,
    access: AccessRow,
    messageId: number,
    senderId: number,
  ): Promise<void>;
  edited(
    trx: Kysely<Database>,
    access: AccessRow,
    messageId: number,
    senderId: number,
  ): Promise<void>;
}

export const NO_HOOKS: MessageHooks = {
  inserted: async () => undefined,
  edited: async () => undefined,
};
