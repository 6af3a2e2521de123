import { fieldErrors, firstPerField } from '@parley/protocol/errors';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../api/errors';

export type FormErrors = Record<string, string>;

/** Client-side check with the protocol schema: the same messages the server would give. */
export function schemaErrors(error: z.ZodError): FormErrors {
  return firstPerField(fieldErrors(error.issues));
}

/**
 * Spec 8: a failed sign-in or registration shows the reply's errors per
 * field; loose errors (a string or a list) and everything else (network,
 * server message) go under `fallbackField`.
 */
export function replyErrors(
  error: unknown,
  fields: readonly string[],
  fallbackField: string,
): FormErrors {
  if (error instanceof ApiError) {
    const perField = error.fieldErrors;
    const known = Object.fromEntries(
      Object.entries(perField).filter(([field]) => fields.includes(field)),
    );
    if (Object.keys(known).length > 0) return known;
    const lines = error.lines;
    if (lines.length > 0) return { [fallbackField]: lines.join(' ') };
  }
  return { [fallbackField]: errorMessage(error) };
}
