import { DURABILITIES } from './store/durability';
import type { Durability } from './store/durability';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { FILE_MAX_BYTES_DEFAULT } from '@parley/protocol/file';
import { isListenHost, parseTrustProxy } from './config-addresses';
import type { BlobStoreConfig } from './config-blob-store';
import { readBlobStoreConfig } from './config-blob-store';
import type { LogFormatSetting } from './http/logger';
import { parseWebhookOrigins } from './config-webhook-origins';

// Everything the server reads from the environment, parsed once at start.
// Nothing else in the server touches process.env: tests build an AppConfig
// (or parts of one) directly.

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

export interface RateLimitConfig {
  /** POST /login, counted per client address. */
  loginPerAddress: RateLimitRule;
  /** POST /login, counted per login name, whichever address it comes from. */
  loginPerAccount: RateLimitRule;
  /**
   * POST /login with `username` (the "Confirm your username" step), per
   * login name: its own budget, so the step that follows several wrong
   * passwords is not refused by the budget they spent.
   */
  verifyPerAccount: RateLimitRule;
  /** POST /register, per client address. */
  registerPerAddress: RateLimitRule;
  /** POST /user/refresh, per client address. */
  refreshPerAddress: RateLimitRule;
  /** POST /user/check-secret and the password change, per signed-in user. */
  secretPerUser: RateLimitRule;
  /** GET /user/search, per signed-in user (every query runs a full-text search). */
  searchPerUser: RateLimitRule;
  /** Link-preview pages the server fetches for one reader (cache hits are free). */
  previewFetchPerUser: RateLimitRule;
  /** Messages sent per user, over HTTP and the socket together (one budget). */
  sendPerUser: RateLimitRule;
  /** File uploads (POST /user/files/upload) per user. */
  uploadPerUser: RateLimitRule;
  /**
   * Typing starts relayed per user per conversation; a start beyond it is
   * dropped, and so is the stop that would have ended it.
   */
  typingPerChat: RateLimitRule;
  /** Group invitations one inviter sends one person (features/groups/invitation-limit.ts). */
  invitePerPair: RateLimitRule;
  /** Group invitations one person gets from all who never wrote to them. */
  invitePerInvitee: RateLimitRule;
}

/** Limits on what one user or one address may hold open or stored (docs/OPERATIONS.md). */
export interface AbuseLimits {
  /** MAX_SOCKETS_PER_USER: a user's new socket beyond this is refused with close code 4029. */
  socketsPerUser: number;
  /** UPLOAD_QUOTA_MB: the bytes of files one user may keep stored (attached or not). */
  uploadQuotaBytes: number;
  /** MAX_CONNECTIONS_PER_ADDRESS: open TCP connections from one client address (proxies exempt). */
  connectionsPerAddress: number;
  /** HEADERS_TIMEOUT: a request's headers must have arrived within this (ms). */
  headersTimeoutMs: number;
  /** REQUEST_TIMEOUT: the whole request, body included, within this (ms). */
  requestTimeoutMs: number;
  /** KEEP_ALIVE_TIMEOUT: an idle keep-alive connection is closed after this (ms). */
  keepAliveTimeoutMs: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… selects PostgreSQL; null means the SQLite file below. */
  databaseUrl: string | null;
  sqlitePath: string;
  redisUrl: string | null;
  /** The public origin (https://chat.example.org): allowed Origin, Secure cookies. */
  publicUrl: string | null;
  logLevel: string;
  /** LOG_FORMAT; `auto` (default): text at a terminal, JSON otherwise and under NODE_ENV=production. */
  logFormat: LogFormatSetting;
  /** `commit` (default): a send is acknowledged after its commit; `fsync`: after it is on disk. */
  durability: Durability;
  webDist: string;
  /** Passed to Fastify's trustProxy: false, true, a hop count or a list of addresses. */
  trustProxy: boolean | number | string;
  rateLimits: RateLimitConfig;
  abuseLimits: AbuseLimits;
  /**
   * TEST ONLY (LINK_PREVIEW_TEST_ORIGIN): link previews are fetched from this
   * one loopback address and port and from nowhere else. Never set in production.
   */
  linkPreviewTestOrigin: { address: string; port: number } | null;
  /**
   * TEST ONLY (PUSH_TEST_ORIGIN): Web Push goes to this one loopback address
   * and port (the e2e stand-in push service) and nowhere else. Never set in production.
   */
  pushTestOrigin: { address: string; port: number } | null;
  /** How often each node runs the inactive-account job (one node acts per round). */
  inactivityJobSeconds: number;
  /** The largest file a message may carry (FILE_MAX_MB). */
  fileMaxBytes: number;
  /** Prefix of every Redis key and channel, so deployments sharing one Redis stay apart. */
  redisPrefix: string;
  /**
   * NODE_NAME: sent as `X-Parley-Node` on every response (and the WebSocket
   * upgrade), to see which node of a cluster answered. Null: no header.
   */
  nodeName: string | null;
  /** METRICS_TOKEN: /metrics answers only `Authorization: Bearer <token>`; null: /metrics is off. */
  metricsToken: string | null;
  /** BLOB_STORE and S3_*: where uploaded files live (config-blob-store.ts). */
  blobStore: BlobStoreConfig;
  /** BOT_WEBHOOK_ALLOWED_ORIGINS: webhook origins let through the address guard (docs/BOTS.md). */
  botWebhookOrigins: string[];
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  loginPerAddress: { max: 10, windowSeconds: 60 },
  loginPerAccount: { max: 5, windowSeconds: 60 },
  verifyPerAccount: { max: 5, windowSeconds: 300 },
  registerPerAddress: { max: 20, windowSeconds: 3600 },
  refreshPerAddress: { max: 60, windowSeconds: 60 },
  secretPerUser: { max: 5, windowSeconds: 300 },
  searchPerUser: { max: 120, windowSeconds: 60 },
  previewFetchPerUser: { max: 30, windowSeconds: 60 },
  // A person types well under one message a second; a paste of a few lines
  // in a row fits in the burst.
  sendPerUser: { max: 30, windowSeconds: 10 },
  uploadPerUser: { max: 30, windowSeconds: 60 },
  typingPerChat: { max: 1, windowSeconds: 3 },
  invitePerPair: { max: 5, windowSeconds: 86_400 },
  invitePerInvitee: { max: 20, windowSeconds: 86_400 },
};

export const DEFAULT_ABUSE_LIMITS: AbuseLimits = {
  socketsPerUser: 20,
  uploadQuotaBytes: 1024 * 1024 * 1024,
  // Browsers open up to 6 connections per origin: this leaves room for a
  // few dozen people behind one NAT address. Behind a proxy, raise it or
  // trust the proxy (TRUST_PROXY), whose connections are not counted.
  connectionsPerAddress: 256,
  headersTimeoutMs: 10_000,
  // A 25 MB upload on a slow mobile link needs minutes.
  requestTimeoutMs: 300_000,
  keepAliveTimeoutMs: 10_000,
};

/** packages/web/dist, found from this file so it does not depend on the working directory. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const positiveInt = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n > 0, `${name} must be greater than 0`);

/** The only form LINK_PREVIEW_TEST_ORIGIN takes: a loopback address and an explicit port. */
const TEST_ORIGIN = /^http:\/\/(127\.0\.0\.1|\[::1\]):([1-9]\d{0,4})\/?$/;

function testOrigin(value: string | undefined): AppConfig['linkPreviewTestOrigin'] {
  const match = value === undefined ? null : TEST_ORIGIN.exec(value);
  if (!match?.[1] || !match[2]) return null;
  return { address: match[1].replace(/^\[(.*)\]$/, '$1'), port: Number(match[2]) };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_FORMATS = ['json', 'text', 'auto'] as const;

const envSchema = z.object({
  PORT: positiveInt('PORT')
    .refine((n) => n < 65536, 'PORT must be below 65536')
    .optional(),
  HOST: z
    .string()
    .refine(isListenHost, 'HOST must be an IP address (0.0.0.0, ::, 127.0.0.1) or a host name')
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\//,
      'DATABASE_URL must start with postgres:// (leave it unset for SQLite)',
    )
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// address' })
    .optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
    .optional(),
  LOG_FORMAT: z
    .enum(LOG_FORMATS, { error: `LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}` })
    .optional(),
  NODE_ENV: z.string().optional(),
  DURABILITY: z
    .enum(DURABILITIES, { error: `DURABILITY must be one of ${DURABILITIES.join(', ')}` })
    .optional(),
  WEB_DIST: z.string().min(1).optional(),
  TRUST_PROXY: z
    .string()
    .refine(
      (value) => parseTrustProxy(value) !== null,
      'TRUST_PROXY must be true, false, a hop count, or addresses and CIDR ranges ' +
        '(comma-separated; loopback, linklocal and uniquelocal name ranges)',
    )
    .optional(),
  LINK_PREVIEW_TEST_ORIGIN: z
    .string()
    .regex(
      TEST_ORIGIN,
      'LINK_PREVIEW_TEST_ORIGIN must be http://127.0.0.1:PORT or http://[::1]:PORT (tests only)',
    )
    .optional(),
  PUSH_TEST_ORIGIN: z
    .string()
    .regex(
      TEST_ORIGIN,
      'PUSH_TEST_ORIGIN must be http://127.0.0.1:PORT or http://[::1]:PORT (tests only)',
    )
    .optional(),
  INACTIVITY_JOB_INTERVAL: positiveInt('INACTIVITY_JOB_INTERVAL').optional(),
  FILE_MAX_MB: positiveInt('FILE_MAX_MB').optional(),
  REDIS_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9_.:-]{1,64}$/,
      'REDIS_PREFIX may hold letters, digits and _ . : - (64 at most)',
    )
    .optional(),
  NODE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'NODE_NAME may hold letters, digits and _ . - (64 at most)')
    .optional(),
  MAX_SOCKETS_PER_USER: positiveInt('MAX_SOCKETS_PER_USER').optional(),
  UPLOAD_QUOTA_MB: positiveInt('UPLOAD_QUOTA_MB').optional(),
  MAX_CONNECTIONS_PER_ADDRESS: positiveInt('MAX_CONNECTIONS_PER_ADDRESS').optional(),
  HEADERS_TIMEOUT: positiveInt('HEADERS_TIMEOUT').optional(),
  REQUEST_TIMEOUT: positiveInt('REQUEST_TIMEOUT').optional(),
  KEEP_ALIVE_TIMEOUT: positiveInt('KEEP_ALIVE_TIMEOUT').optional(),
  // A bearer token is sent in a header on every scrape: long enough not to be guessed.
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  BOT_WEBHOOK_ALLOWED_ORIGINS: z.string().optional(),
});

type RuleEnvNames = { max: string; window: string };
const RULE_ENV: Record<keyof RateLimitConfig, RuleEnvNames> = {
  loginPerAddress: { max: 'RATE_LIMIT_LOGIN_IP_MAX', window: 'RATE_LIMIT_LOGIN_IP_WINDOW' },
  loginPerAccount: {
    max: 'RATE_LIMIT_LOGIN_ACCOUNT_MAX',
    window: 'RATE_LIMIT_LOGIN_ACCOUNT_WINDOW',
  },
  verifyPerAccount: {
    max: 'RATE_LIMIT_VERIFY_ACCOUNT_MAX',
    window: 'RATE_LIMIT_VERIFY_ACCOUNT_WINDOW',
  },
  registerPerAddress: {
    max: 'RATE_LIMIT_REGISTER_IP_MAX',
    window: 'RATE_LIMIT_REGISTER_IP_WINDOW',
  },
  refreshPerAddress: { max: 'RATE_LIMIT_REFRESH_IP_MAX', window: 'RATE_LIMIT_REFRESH_IP_WINDOW' },
  secretPerUser: { max: 'RATE_LIMIT_SECRET_USER_MAX', window: 'RATE_LIMIT_SECRET_USER_WINDOW' },
  searchPerUser: { max: 'RATE_LIMIT_SEARCH_USER_MAX', window: 'RATE_LIMIT_SEARCH_USER_WINDOW' },
  previewFetchPerUser: {
    max: 'RATE_LIMIT_PREVIEW_USER_MAX',
    window: 'RATE_LIMIT_PREVIEW_USER_WINDOW',
  },
  sendPerUser: { max: 'RATE_LIMIT_SEND_USER_MAX', window: 'RATE_LIMIT_SEND_USER_WINDOW' },
  uploadPerUser: { max: 'RATE_LIMIT_UPLOAD_USER_MAX', window: 'RATE_LIMIT_UPLOAD_USER_WINDOW' },
  typingPerChat: { max: 'RATE_LIMIT_TYPING_MAX', window: 'RATE_LIMIT_TYPING_WINDOW' },
  invitePerPair: { max: 'RATE_LIMIT_INVITE_PAIR_MAX', window: 'RATE_LIMIT_INVITE_PAIR_WINDOW' },
  invitePerInvitee: {
    max: 'RATE_LIMIT_INVITE_USER_MAX',
    window: 'RATE_LIMIT_INVITE_USER_WINDOW',
  },
};

/** The names of every rate-limit variable, for docs and error messages. */
export const RATE_LIMIT_ENV_NAMES = Object.values(RULE_ENV).flatMap((r) => [r.max, r.window]);

function readRule(
  env: NodeJS.ProcessEnv,
  names: RuleEnvNames,
  fallback: RateLimitRule,
  problems: string[],
): RateLimitRule {
  const read = (name: string, dflt: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return dflt;
    const parsed = positiveInt(name).safeParse(raw);
    if (parsed.success) return parsed.data;
    problems.push(parsed.error.issues[0]?.message ?? `${name} is invalid`);
    return dflt;
  };
  return {
    max: read(names.max, fallback.max),
    windowSeconds: read(names.window, fallback.windowSeconds),
  };
}

/** Reads the configuration; throws ConfigError listing every problem at once. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): AppConfig {
  // Empty variables count as unset, the way shells and compose files often pass them.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(present);
  const problems: string[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
  const e = parsed.success ? parsed.data : {};

  const rateLimits = {} as RateLimitConfig;
  for (const key of Object.keys(RULE_ENV) as (keyof RateLimitConfig)[]) {
    rateLimits[key] = readRule(present, RULE_ENV[key], DEFAULT_RATE_LIMITS[key], problems);
  }
  const headersTimeoutMs = (e.HEADERS_TIMEOUT ?? 0) * 1000 || DEFAULT_ABUSE_LIMITS.headersTimeoutMs;
  const requestTimeoutMs = (e.REQUEST_TIMEOUT ?? 0) * 1000 || DEFAULT_ABUSE_LIMITS.requestTimeoutMs;
  // Node refuses a headers timeout longer than the request's.
  if (headersTimeoutMs > requestTimeoutMs) {
    problems.push('HEADERS_TIMEOUT must not be longer than REQUEST_TIMEOUT');
  }
  const blobStore = readBlobStoreConfig(present, problems);
  const botWebhookOrigins = parseWebhookOrigins(e.BOT_WEBHOOK_ALLOWED_ORIGINS, problems);
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }

  const dataDir = resolve(cwd, e.DATA_DIR ?? './data');
  return {
    port: e.PORT ?? 8080,
    // Loopback unless the operator says otherwise: on a shared network the
    // first person to register would become the administrator.
    host: e.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    sqlitePath: resolve(dataDir, 'parley.sqlite'),
    redisUrl: e.REDIS_URL ?? null,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : null,
    logLevel: e.LOG_LEVEL ?? 'info',
    // A production start logs JSON even when someone runs it at a terminal.
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'production' ? 'json' : 'auto'),
    durability: e.DURABILITY ?? 'commit',
    webDist: e.WEB_DIST ? resolve(cwd, e.WEB_DIST) : DEFAULT_WEB_DIST,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false, // null cannot pass the schema
    linkPreviewTestOrigin: testOrigin(e.LINK_PREVIEW_TEST_ORIGIN),
    pushTestOrigin: testOrigin(e.PUSH_TEST_ORIGIN),
    rateLimits,
    abuseLimits: {
      socketsPerUser: e.MAX_SOCKETS_PER_USER ?? DEFAULT_ABUSE_LIMITS.socketsPerUser,
      uploadQuotaBytes: e.UPLOAD_QUOTA_MB
        ? e.UPLOAD_QUOTA_MB * 1024 * 1024
        : DEFAULT_ABUSE_LIMITS.uploadQuotaBytes,
      connectionsPerAddress:
        e.MAX_CONNECTIONS_PER_ADDRESS ?? DEFAULT_ABUSE_LIMITS.connectionsPerAddress,
      headersTimeoutMs,
      requestTimeoutMs,
      keepAliveTimeoutMs:
        (e.KEEP_ALIVE_TIMEOUT ?? 0) * 1000 || DEFAULT_ABUSE_LIMITS.keepAliveTimeoutMs,
    },
    inactivityJobSeconds: e.INACTIVITY_JOB_INTERVAL ?? 3600,
    fileMaxBytes: (e.FILE_MAX_MB ?? FILE_MAX_BYTES_DEFAULT / 1024 / 1024) * 1024 * 1024,
    redisPrefix: e.REDIS_PREFIX ?? 'parley:',
    nodeName: e.NODE_NAME ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
    blobStore,
    botWebhookOrigins,
  };
}
