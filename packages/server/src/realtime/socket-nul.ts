import { MSG } from '@parley/protocol/messages';
import type { ClientFrame, ServerFrame } from '@parley/protocol/realtime';
import { errorReplyOf } from '../http/errors';
import { nulIssues, RequestValidationError } from '../http/validation';

// The NUL character in any string of a client frame. HTTP refuses it on
// every body, query and path (http/validation.ts); a socket frame is held
// to the same rule, here, for every op: SQLite would store the text and
// PostgreSQL fails the insert (a 500 as `send_failed`). A `send` is
// answered as POST /user/messages would be (422, the field named); any
// other frame gets the socket's `error` frame.

/** What to answer a frame holding a NUL, or null when it holds none. */
export function nulRefusal(frame: ClientFrame): ServerFrame | null {
  if (nulIssues(frame).length === 0) return null;
  if (frame.op === 'send' && nulIssues(frame.ref).length === 0) {
    const issues = nulIssues(frame.body);
    if (issues.length > 0) {
      const { status, body } = errorReplyOf(new RequestValidationError(issues));
      return { op: 'send_failed', ref: frame.ref, status, error: body };
    }
  }
  return { op: 'error', message: MSG.nulCharacter };
}
