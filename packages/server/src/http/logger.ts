import type { FastifyServerOptions } from 'fastify';
import { textLogStream } from './log-text';

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

/** LOG_FORMAT: `auto` is text at a terminal and JSON otherwise. */
export type LogFormatSetting = 'json' | 'text' | 'auto';

/**
 * Text for a person at a terminal (`npm start` by hand), JSON for everything
 * else: a supervisor, a pipe, a log collector, or NODE_ENV=production (which
 * config.ts turns into `json` unless LOG_FORMAT says otherwise).
 */
export function chooseLogFormat(setting: LogFormatSetting, terminal: boolean): 'json' | 'text' {
  if (setting !== 'auto') return setting;
  return terminal ? 'text' : 'json';
}

export function loggerOptions(
  level: string,
  format: 'json' | 'text' = 'json',
): FastifyServerOptions['logger'] {
  const redact = { paths: REDACT_PATHS, censor: '[redacted]' };
  // Redaction runs before the stream sees a record: the text lines are redacted too.
  if (format === 'text') return { level, redact, stream: textLogStream(level) };
  return { level, redact };
}
