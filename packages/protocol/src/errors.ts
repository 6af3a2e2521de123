import { z } from 'zod';

/** The one error body every failing call returns: `{message, errors?:{field:[…]}}`. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** With a 429: seconds until the call may be tried again (also the Retry-After header). */
  retry_after: z.number().int().positive().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export type FieldErrors = Record<string, string[]>;

/**
 * Turns a zod issue list into `{field: [messages]}`; issues about the whole
 * body go under `_`. Used by the server to answer 422 and by forms to show
 * the same messages before a request is sent. Field names come from the
 * request, so they may be `constructor`, `toString` or `__proto__`: they are
 * gathered in a Map (a plain object would hand back its inherited members)
 * and made own properties by Object.fromEntries.
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const out = new Map<string, string[]>();
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_';
    const list = out.get(field) ?? [];
    out.set(field, list);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return Object.fromEntries(out);
}

/** Validation errors may reach the client as a string, an array or an object (spec section 8). */
export type LooseValidationErrors = string | string[] | Record<string, string | string[]>;

/** Flattens loose validation errors into display lines: for an object, the first message per field. */
export function validationLines(errors: LooseValidationErrors | null | undefined): string[] {
  if (errors == null) return [];
  if (typeof errors === 'string') return errors ? [errors] : [];
  if (Array.isArray(errors)) return errors.filter((e) => typeof e === 'string' && e !== '');
  const lines: string[] = [];
  for (const value of Object.values(errors)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first !== '') lines.push(first);
  }
  return lines;
}

/**
 * First message per field, for forms that show one line under each input.
 * Built by Object.fromEntries, so a field a reply names `__proto__` stays a
 * field rather than replacing the prototype.
 */
export function firstPerField(
  errors: LooseValidationErrors | null | undefined,
): Record<string, string> {
  if (errors == null || typeof errors === 'string' || Array.isArray(errors)) return {};
  const out: [string, string][] = [];
  for (const [field, value] of Object.entries(errors)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out.push([field, first]);
  }
  return Object.fromEntries(out);
}
