import type { FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { Store } from './store/db';

/**
 * Everything buildApp needs, passed in rather than reached for: main.ts
 * builds these from the environment, tests build them by hand.
 */
export interface AppDeps {
  store: Pick<Store, 'db' | 'ping'>;
  config: Pick<AppConfig, 'publicUrl' | 'webDist' | 'trustProxy' | 'rateLimits' | 'logLevel'>;
  /** Shared rate-limit counters across nodes; in-memory counters without it. */
  redis?: Redis | null;
  /** Prefix of the rate-limit keys in Redis. */
  rateLimitPrefix?: string;
  now?: Clock;
  /** Defaults to the protocol's 15 minutes; tests shorten it (even below zero). */
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  /** Overrides the pino logger options built from config.logLevel (tests pass false). */
  logger?: FastifyServerOptions['logger'];
}
