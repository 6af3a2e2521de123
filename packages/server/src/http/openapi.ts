import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_BASE } from '@parley/protocol/constants';

// The OpenAPI document is generated from the same zod schemas that validate
// and serialize each route, so it cannot drift from what the server does.
// Register before the routes: @fastify/swagger records routes as they are added.

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Parley API',
        version: '1',
        description:
          'Every failure answers {message, errors?:{field:[messages]}}. State-changing calls without a Bearer token must send the X-CSRF-TOKEN header equal to the XSRF-TOKEN cookie.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
}

export function registerOpenApiRoute(app: FastifyInstance): void {
  app.get(`${API_BASE}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
}
