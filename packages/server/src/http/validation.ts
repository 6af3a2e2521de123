import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

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

/** Replaces fastify-type-provider-zod's validatorCompiler; its serializer and types are kept. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues) };
  };
