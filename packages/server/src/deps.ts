import type { TaskAssigned } from './features/tasks/service';
import type { FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { Bus } from './bus/bus';
import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { BotSettings } from './features/bots/feature';
import type { FetcherOptions } from './features/link-previews/preview-fetcher';
import type { PushSettings } from './features/push/service';
import type { Presence } from './realtime/presence';
import type { BlobStore } from './storage/blob-store';
import type { Store } from './store/db';

/** Realtime timings and limits; tests shorten them. */
export interface RealtimeSettings {
  /** The first frame must be hello within this (10 s). */
  helloTimeoutMs: number;
  /** A typing 'start' not refreshed within this becomes 'stop' (6 s). */
  typingExpiryMs: number;
  /** WebSocket ping interval; a socket silent for a whole interval is dropped (30 s). */
  heartbeatMs: number;
  /** A socket whose send buffer grows past this is closed with 4008 (1 MiB). */
  maxBufferedBytes: number;
}

export const DEFAULT_REALTIME: RealtimeSettings = {
  helloTimeoutMs: 10_000,
  typingExpiryMs: 6_000,
  heartbeatMs: 30_000,
  maxBufferedBytes: 1024 * 1024,
};

/**
 * Everything buildApp needs, passed in rather than reached for: main.ts
 * builds these from the environment, tests build them by hand.
 */
export interface AppDeps {
  store: Pick<Store, 'db' | 'ping'>;
  config: Pick<AppConfig, 'publicUrl' | 'webDist' | 'trustProxy' | 'rateLimits' | 'logLevel'> &
    Partial<Pick<AppConfig, 'nodeName' | 'metricsToken' | 'abuseLimits'>>;
  /** Shared rate-limit counters across nodes; in-memory counters without it. */
  redis?: Redis | null;
  /** Prefix of the rate-limit keys in Redis. */
  rateLimitPrefix?: string;
  now?: Clock;
  /** Defaults to the protocol's 15 minutes; tests shorten it (even below zero). */
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  /** The bus between nodes (Redis in production with REDIS_URL); in-process without it. */
  bus?: Bus;
  /** Who is online across nodes; this process's counts without it. */
  presence?: Presence;
  realtime?: Partial<RealtimeSettings>;
  /**
   * Link-preview fetching: production defaults without it. Tests inject a
   * resolver, open the guard for their own 127.0.0.1 port, shorten limits
   * and count connections.
   */
  linkPreviews?: Partial<FetcherOptions>;
  /** SQLite: how often new messages are added to the full-text index (store/search-indexer.ts). */
  searchIndexMs?: number;
  /** Uploaded files (avatars); a temporary directory without it. */
  blobs?: BlobStore;
  /**
   * Files in conversations: the upload limit (the protocol's 25 MB without
   * it) and how often the sweep of stale uploads runs (not at all without
   * it; tests call app.filesSweep).
   */
  files?: { maxBytes?: number; sweepMs?: number };
  /** At most one `message.views` per channel this often (messages/channel-views.ts; 5 s without it). */
  channelViewsMs?: number;
  /** Runs the inactive-account job this often; not at all without it (tests run rounds by hand). */
  inactivityJobMs?: number;
  /** Bots: webhook guard and limits (production defaults without it; tests open 127.0.0.1). */
  bots?: BotSettings;
  /**
   * Web Push: production settings without it. Tests allow their 127.0.0.1
   * receiver in `guard`, and set `pollMs: 0` to drain the queue by hand.
   */
  push?: Partial<PushSettings>;
  /** Overrides the pino logger options built from config.logLevel (tests pass false). */
  logger?: FastifyServerOptions['logger'];
  /**
   * Called after a commit that newly assigned members to a task (they also
   * got the `task.assigned` user event). The hook for Web Push; must not throw.
   */
  onTaskAssigned?: (assigned: TaskAssigned) => void;
}
