import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER } from '@parley/protocol/constants';
import type { App } from '../src/app';
import { buildApp } from '../src/app';
import { DEFAULT_ABUSE_LIMITS } from '../src/config';
import type { AbuseLimits, RateLimitConfig } from '../src/config';
import type { AppDeps } from '../src/deps';
import type { Store } from '../src/store/db';
import { runMigrations } from '../src/store/migrate';

// Starts the real app on a real port over a real store, and a tiny client
// that behaves like the web app: it keeps the XSRF-TOKEN cookie and echoes
// it in X-CSRF-TOKEN, and sends Bearer tokens when given one.

const GENEROUS = { max: 10_000, windowSeconds: 60 };
export const NO_LIMITS: RateLimitConfig = {
  loginPerAddress: GENEROUS,
  loginPerAccount: GENEROUS,
  verifyPerAccount: GENEROUS,
  registerPerAddress: GENEROUS,
  refreshPerAddress: GENEROUS,
  secretPerUser: GENEROUS,
  searchPerUser: GENEROUS,
  previewFetchPerUser: GENEROUS,
  sendPerUser: GENEROUS,
  uploadPerUser: GENEROUS,
  typingPerChat: GENEROUS,
  invitePerPair: GENEROUS,
  invitePerInvitee: GENEROUS,
};

/** Far above anything a suite does; the suites of the limits pass their own. */
export const GENEROUS_ABUSE_LIMITS: AbuseLimits = {
  ...DEFAULT_ABUSE_LIMITS,
  socketsPerUser: 100_000,
  connectionsPerAddress: 100_000,
};

/** A web dist that does not exist: API suites do not need the SPA. */
const NO_WEB = join(tmpdir(), 'parley-no-web-dist');

export interface Server {
  app: App;
  url: string;
  close(): Promise<void>;
}

export interface ServerOptions extends Partial<AppDeps> {
  webDist?: string;
  rateLimits?: RateLimitConfig;
  abuseLimits?: Partial<AbuseLimits>;
  publicUrl?: string;
  /** METRICS_TOKEN and NODE_NAME (off without them). */
  metricsToken?: string;
  nodeName?: string;
  /** Adds test-only routes before the app starts listening. */
  beforeListen?: (app: App) => void;
}

export async function startServer(store: Store, overrides: ServerOptions = {}): Promise<Server> {
  await runMigrations(store.db);
  const {
    webDist,
    rateLimits,
    abuseLimits,
    beforeListen,
    publicUrl,
    metricsToken,
    nodeName,
    ...rest
  } = overrides;
  const app = await buildApp({
    store,
    config: {
      publicUrl: publicUrl ?? null,
      webDist: webDist ?? NO_WEB,
      trustProxy: false,
      rateLimits: rateLimits ?? NO_LIMITS,
      abuseLimits: { ...GENEROUS_ABUSE_LIMITS, ...abuseLimits },
      logLevel: 'silent',
      metricsToken: metricsToken ?? null,
      nodeName: nodeName ?? null,
    },
    logger: false,
    ...rest,
  });
  beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { app, url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  token?: string;
  /** false: send no CSRF header; a string: send that instead of the cookie's value. */
  csrf?: false | string;
  headers?: Record<string, string>;
  /** Sent as is instead of JSON.stringify(body). */
  raw?: string | Uint8Array;
}

export class Client {
  xsrf: string | null = null;

  constructor(readonly baseUrl: string) {}

  private remember(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const match = new RegExp(`^${CSRF_COOKIE}=([^;]*)`).exec(line);
      if (match?.[1]) this.xsrf = match[1];
    }
  }

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<Reply<T>> {
    if (this.xsrf === null && method !== 'GET') {
      this.remember((await fetch(`${this.baseUrl}/api/v1/health`)).headers);
    }
    const headers: Record<string, string> = { ...options.headers };
    // A cookie the test passes (a remembered device) goes along with the CSRF one.
    const cookies = [options.headers?.cookie, this.xsrf ? `${CSRF_COOKIE}=${this.xsrf}` : null];
    if (cookies.some(Boolean)) headers.cookie = cookies.filter(Boolean).join('; ');
    if (options.csrf !== false && method !== 'GET')
      headers[CSRF_HEADER] = options.csrf ?? this.xsrf ?? '';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | Uint8Array | undefined;
    if (options.raw !== undefined) payload = options.raw;
    else if (body !== undefined) payload = JSON.stringify(body);
    if (
      payload !== undefined &&
      !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')
    ) {
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload });
    this.remember(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON: keep the text, the test decides
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  get<T = Record<string, unknown>>(path: string, options?: CallOptions) {
    return this.call<T>('GET', `/api/v1${path}`, undefined, options);
  }

  post<T = Record<string, unknown>>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>('POST', `/api/v1${path}`, body, options);
  }

  delete<T = Record<string, unknown>>(path: string, options?: CallOptions) {
    return this.call<T>('DELETE', `/api/v1${path}`, undefined, options);
  }
}

let counter = 0;

/** A fresh, valid registration form; unique per call. */
export function newAccount(prefix = 'user') {
  counter += 1;
  const tag = `${prefix}${Date.now().toString(36)}${counter}`;
  return {
    name: `Name ${tag}`,
    username: tag,
    login: `${tag}@example.org`,
    password: 'secret-password',
  };
}

export interface SignedIn {
  access_token: string;
  refresh_token: string;
}

export async function registerAndLogin(
  client: Client,
  account = newAccount(),
): Promise<SignedIn & { account: typeof account }> {
  const reg = await client.post('/register', account);
  if (reg.status !== 200)
    throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const login = await client.post<SignedIn>('/login', {
    login: account.login,
    password: account.password,
  });
  if (login.status !== 200)
    throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { ...login.body, account };
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
