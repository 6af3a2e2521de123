import { ApiError, errorMessage } from '../../api/errors';

/**
 * A refused form's reply as the form shows it: the server's message for each
 * of the form's `fields` under that field (spec 5 texts); any other field's
 * message, or none at all, becomes the form's own line (`_`).
 */
export function formErrorsOf(error: unknown, fields: readonly string[]): Record<string, string> {
  const found = error instanceof ApiError ? error.fieldErrors : {};
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(found)) {
    out[fields.includes(field) ? field : '_'] ??= message;
  }
  return Object.keys(out).length > 0 ? out : { _: errorMessage(error) };
}
