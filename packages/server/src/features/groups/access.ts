import { MSG } from '@parley/protocol/messages';
import { can, outranks, roleOf } from '@parley/protocol/permissions';
import type { Action } from '@parley/protocol/permissions';
import { postRefusalText } from '@parley/protocol/rules/post-refusal';
import { HttpError } from '../../http/http-error';
import type { AccessRow } from '../conversations/queries';
import type { MemberRow } from '../../store/types';

// The one place the server turns the permission matrix into refusals: a
// non-member (blocked, removed, departed or never in) has already got 404
// from requireAccess; a member whose role lacks the right gets 403.

export const notFound = () => new HttpError(404, MSG.notFound);
export const forbidden = (message: string = MSG.forbidden) => new HttpError(403, message);
export const invalid = (field: string, message: string) =>
  new HttpError(422, MSG.validationFailed, { [field]: [message] });

export const isManaged = (row: { type: string }) => row.type === 'group' || row.type === 'channel';

/** 404 unless a group or channel; 403 unless the caller's role may do `action`. */
export function requireCan(row: AccessRow, action: Action): AccessRow {
  if (!isManaged(row)) throw notFound();
  if (!can(roleOf(row.role), action, row.type)) throw forbidden();
  return row;
}

/** Acting on another member needs a higher rank than theirs (a moderator cannot remove the owner). */
export function requireOutranks(actor: AccessRow, target: Pick<MemberRow, 'role'>): void {
  if (!outranks(roleOf(actor.role), roleOf(target.role))) throw forbidden();
}

/**
 * Why the caller may not post here (protocol rules/post-refusal.ts), as the
 * 403 to answer, or null when they may. Reads only the access row the send
 * path has already loaded: no query.
 */
export function postRefusal(row: AccessRow): HttpError | null {
  const reason = postRefusalText(row);
  return reason === null ? null : forbidden(reason);
}
