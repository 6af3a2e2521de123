import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { MSG } from '@parley/protocol/messages';
import { HttpError } from './http-error';

/**
 * A request failed its zod schema. Keeps zod's own issues (with their paths)
 * so the error handler can answer with the protocol's `fieldErrors()` — the
 * same function the web forms use — instead of Fastify's flattened form.
 */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('Request validation failed');
  }
}

/**
 * Issues for every string holding a NUL character. No text here ever needs
 * one, and PostgreSQL cannot store it (the insert would fail as a 500), so
 * it is refused up front, on every body, query and path, on both stores.
 */
export function nulIssues(data: unknown, path: PropertyKey[] = [], out: z.core.$ZodIssue[] = []) {
  if (typeof data === 'string') {
    if (data.includes('\u0000')) {
      out.push({ code: 'custom', path, message: MSG.nulCharacter, input: data });
    }
  } else if (Array.isArray(data)) {
    data.forEach((item, i) => nulIssues(item, [...path, i], out));
  } else if (data !== null && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) nulIssues(value, [...path, key], out);
  }
  return out;
}

/**
 * A path whose numbers are only too large names an id that cannot exist
 * (protocol ids.ts: past ID_MAX, or past what a JavaScript number holds):
 * that is a 404, as for any other id that does not exist, not a 422.
 */
const onlyTooLarge = (issues: z.core.$ZodIssue[]) =>
  issues.every(
    (issue) => issue.code === 'too_big' && (issue.origin === 'number' || issue.origin === 'int'),
  );

/** Replaces fastify-type-provider-zod's validatorCompiler; its serializer and types are kept. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const nul = nulIssues(data);
    if (nul.length > 0) return { error: new RequestValidationError(nul) };
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    if (httpPart === 'params' && onlyTooLarge(result.error.issues)) {
      return { error: new HttpError(404, MSG.notFound) };
    }
    return { error: new RequestValidationError(result.error.issues) };
  };
