import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statusOkSchema } from '@parley/protocol/auth';
import { errorBodySchema } from '@parley/protocol/errors';
import { HttpError } from './http-error';

/** Liveness (the process answers) and readiness (the database answers too). */
export function healthRoutes(deps: { ping: () => Promise<boolean> }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['ops'], summary: 'Liveness.', response: { 200: statusOkSchema } } },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/ready',
      {
        schema: {
          tags: ['ops'],
          summary: 'Readiness: 503 while the database does not answer.',
          response: { 200: statusOkSchema, 503: errorBodySchema },
        },
      },
      async () => {
        if (!(await deps.ping())) throw new HttpError(503, 'The database is not available.');
        return { status: 'ok' as const };
      },
    );
  };
}
