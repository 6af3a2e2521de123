import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@parley/protocol/errors';
import { routes } from '@parley/protocol/http/routes';
import { DATABASE_UNAVAILABLE } from './errors';
import { HttpError } from './http-error';
import { addRoute } from './route';

export const REDIS_UNAVAILABLE = 'Redis is not available.';

export interface ReadinessChecks {
  /** Does the database answer a query? */
  ping: () => Promise<boolean>;
  /**
   * Are the node's Redis connections up (client, bus publisher and
   * subscriber)? Absent without REDIS_URL. While Redis is down no WebSocket
   * can subscribe, so the node is not ready even though HTTP still answers.
   */
  redisReady?: () => boolean;
}

/** Liveness (the process answers) and readiness (the database and Redis answer too). */
export function healthRoutes(deps: ReadinessChecks): FastifyPluginAsyncZod {
  return async (app) => {
    addRoute(app, routes.health, {
      doc: { tags: ['ops'], summary: 'Liveness.' },
      handler: async () => ({ status: 'ok' as const }),
    });
    addRoute(app, routes.ready, {
      doc: {
        tags: ['ops'],
        summary: 'Readiness: 503 while the database (or Redis, when configured) does not answer.',
        errors: { 503: errorBodySchema },
      },
      handler: async () => {
        if (!(await deps.ping())) throw new HttpError(503, DATABASE_UNAVAILABLE);
        if (deps.redisReady && !deps.redisReady()) throw new HttpError(503, REDIS_UNAVAILABLE);
        return { status: 'ok' as const };
      },
    });
  };
}
