import { GROUP_NOTICE_TYPE } from '@parley/protocol/group-notice';
import { MSG } from '@parley/protocol/messages';
import { MESSAGING_MSG } from '@parley/protocol/messaging-texts';
import { HttpError } from '../../http/http-error';
import type { AccessRow } from '../conversations/queries';
import type { Visibility } from './queries';

// Small pure pieces the messages service is built from: its errors, limits
// and the text rules it applies.

export const notFound = () => new HttpError(404, MSG.notFound);
export const forbidden = () => new HttpError(403, MSG.forbidden);
export const invalid = (field: string, message: string) =>
  new HttpError(422, MSG.validationFailed, { [field]: [message] });

/**
 * A group's service line (protocol group-notice.ts) is a record of a change:
 * editing, deleting, replying to, forwarding, pinning or reacting to it is
 * refused with 422, whoever asks.
 */
export function refuseServiceLine(message: { type: string }, field = 'message_id'): void {
  if (message.type === GROUP_NOTICE_TYPE) throw invalid(field, MESSAGING_MSG.serviceLineLocked);
}

/** Kinds where a read does not mark messages viewed (spec 4, Views). */
export const NO_VIEWS = new Set(['channel', 'saved', 'system']);

export const visibility = (userId: number, row: AccessRow): Visibility => ({
  conversationId: row.id,
  userId,
  cleared: row.cleared,
});
