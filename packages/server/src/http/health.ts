import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@parley/protocol/errors';
import { routes } from '@parley/protocol/http/routes';
import { HttpError } from './http-error';
import { addRoute } from './route';

/** Liveness (the process answers) and readiness (the database answers too). */
export function healthRoutes(deps: { ping: () => Promise<boolean> }): FastifyPluginAsyncZod {
  return async (app) => {
    addRoute(app, routes.health, {
      doc: { tags: ['ops'], summary: 'Liveness.' },
      handler: async () => ({ status: 'ok' as const }),
    });
    addRoute(app, routes.ready, {
      doc: {
        tags: ['ops'],
        summary: 'Readiness: 503 while the database does not answer.',
        errors: { 503: errorBodySchema },
      },
      handler: async () => {
        if (!(await deps.ping())) throw new HttpError(503, 'The database is not available.');
        return { status: 'ok' as const };
      },
    });
  };
}
