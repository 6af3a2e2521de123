import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@parley/protocol/messages';
import { HttpError } from '../http/http-error';
import type { MetricSources } from './metrics';

// GET /metrics, Prometheus' text format. Off unless METRICS_TOKEN is set
// (then 404, and nothing is measured); on, it answers only
// `Authorization: Bearer <METRICS_TOKEN>` — the figures name routes, load
// and sizes an operator may not want public.

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares in constant time, whatever the lengths (hashes are equal-sized). */
function sameToken(header: string | undefined, token: string): boolean {
  const match = header === undefined ? null : /^Bearer (.+)$/.exec(header);
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

export async function registerMetrics(
  app: FastifyInstance,
  options: { token: string | null; sources: MetricSources },
): Promise<void> {
  const { token } = options;
  if (token === null) {
    app.get('/metrics', { schema: { hide: true } }, async () => {
      throw new HttpError(404, MSG.notFound);
    });
    return;
  }
  // prom-client is loaded only when /metrics is on.
  const { createMetrics } = await import('./metrics');
  const metrics = createMetrics(options.sources);
  app.addHook('onResponse', async (request, reply) => {
    // The template (`/api/v1/user/conversations/:id`), so the label set stays small.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!sameToken(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, MSG.unauthenticated);
    }
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
