import { errorBodySchema } from '@parley/protocol/errors';

// Error replies declared on routes, so the OpenAPI document lists them. The
// bodies all have the one shape; the error handler produces them.

export const errorReplies = (...codes: (400 | 401 | 403 | 404 | 413 | 415 | 422 | 429)[]) =>
  Object.fromEntries(codes.map((code) => [code, errorBodySchema])) as Record<
    number,
    typeof errorBodySchema
  >;

export const bearerSecurity = [{ bearer: [] }];
