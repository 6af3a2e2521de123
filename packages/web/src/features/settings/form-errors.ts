import { fieldErrors, firstPerField } from '@parley/protocol/errors';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../api/errors';

// Spec 8: "settings replies with status error show their errors or
// message". Errors of known fields go under their inputs; the rest (loose
// errors, the message, a network failure) become one line for the form.

export type SettingsErrors = { fields: Record<string, string>; message: string | null };

export const noErrors: SettingsErrors = { fields: {}, message: null };

/** The same check the server runs, before sending. */
export function checkErrors(error: z.ZodError): SettingsErrors {
  return { fields: firstPerField(fieldErrors(error.issues)), message: null };
}

export function settingsErrors(error: unknown, known: readonly string[]): SettingsErrors {
  if (error instanceof ApiError) {
    const fields = Object.fromEntries(
      Object.entries(error.fieldErrors).filter(([field]) => known.includes(field)),
    );
    if (Object.keys(fields).length > 0) return { fields, message: null };
    const lines = error.lines;
    if (lines.length > 0) return { fields: {}, message: lines.join(' ') };
  }
  return { fields: {}, message: errorMessage(error) };
}
