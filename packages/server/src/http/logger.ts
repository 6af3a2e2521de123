import type { FastifyServerOptions } from 'fastify';

// pino through Fastify: one JSON line per event with the request id. Secrets
// are censored wherever they might appear in a logged object — headers that
// carry tokens, and body fields that are passwords or tokens — even though
// request bodies are not logged today.

const SECRET_FIELDS = ['password', 'refresh_token', 'access_token', 'secret', 'firebase_token'];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
  ...SECRET_FIELDS.map((f) => `body.${f}`),
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
}
