import { MSG } from '@parley/protocol/messages';
import { HttpError } from '../../http/http-error';
import type { AccessRow } from '../conversations/queries';
import type { Visibility } from './queries';

// Small pure pieces the messages service is built from: its errors, limits
// and the text rules it applies.

export const notFound = () => new HttpError(404, MSG.notFound);
export const forbidden = () => new HttpError(403, MSG.forbidden);
export const invalid = (field: string, message: string) =>
  new HttpError(422, MSG.validationFailed, { [field]: [message] });

/** Kinds where a read does not mark messages viewed (spec 4, Views). */
export const NO_VIEWS = new Set(['channel', 'saved', 'system']);

export const visibility = (userId: number, row: AccessRow): Visibility => ({
  conversationId: row.id,
  userId,
  cleared: row.cleared,
});
