import type { ConversationType } from '../conversation';

/**
 * One-to-one kinds: "deleted" only hides them from their member, who keeps
 * reading them (search, files, realtime), and a new message brings them back.
 */
export const PERSONAL_KINDS: readonly ConversationType[] = ['direct', 'saved', 'system'];
