import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_ABUSE_LIMITS, DEFAULT_RATE_LIMITS, loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults that run with nothing set', () => {
    const config = loadConfig({}, '/srv/parley');
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/parley/data',
      sqlitePath: '/srv/parley/data/parley.sqlite',
      databaseUrl: null,
      redisUrl: null,
      publicUrl: null,
      logLevel: 'info',
      trustProxy: false,
      rateLimits: DEFAULT_RATE_LIMITS,
    });
    expect(config.webDist).toMatch(/packages\/web\/dist\/?$/);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: 'var',
        DATABASE_URL: 'postgres://u@db/parley',
        REDIS_URL: 'redis://cache:6379',
        PUBLIC_URL: 'https://chat.example.org/some/path',
        LOG_LEVEL: 'debug',
        WEB_DIST: 'web',
        TRUST_PROXY: '1',
        RATE_LIMIT_LOGIN_IP_MAX: '3',
        RATE_LIMIT_REGISTER_IP_WINDOW: '60',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/srv/var',
      databaseUrl: 'postgres://u@db/parley',
      redisUrl: 'redis://cache:6379',
      publicUrl: 'https://chat.example.org',
      logLevel: 'debug',
      webDist: '/srv/web',
      trustProxy: 1,
    });
    expect(config.rateLimits.loginPerAddress).toEqual({ max: 3, windowSeconds: 60 });
    expect(config.rateLimits.registerPerAddress).toEqual({ max: 20, windowSeconds: 60 });
  });

  it('logs text at a terminal unless LOG_FORMAT or NODE_ENV=production says JSON', () => {
    expect(loadConfig({}, '/x').logFormat).toBe('auto');
    expect(loadConfig({ NODE_ENV: 'production' }, '/x').logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'text' }, '/x').logFormat).toBe('text');
    expect(loadConfig({ LOG_FORMAT: 'json' }, '/x').logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'pretty' }, '/x')).toThrow(
      /LOG_FORMAT must be one of json, text, auto/,
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }, '/x')).toMatchObject({
      port: 8080,
      databaseUrl: null,
    });
  });

  it('lists every problem in one clear error', () => {
    const attempt = () =>
      loadConfig(
        { PORT: '80a', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', RATE_LIMIT_LOGIN_IP_MAX: '0' },
        '/x',
      );
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT must be a whole number/);
    expect(attempt).toThrow(/DATABASE_URL must start with postgres:\/\//);
    expect(attempt).toThrow(/LOG_LEVEL must be one of/);
    expect(() => loadConfig({ DURABILITY: 'maybe' }, '/srv')).toThrow(/DURABILITY must be one of/);
    expect(loadConfig({ DURABILITY: 'fsync' }, '/srv').durability).toBe('fsync');
    expect(loadConfig({}, '/srv').durability).toBe('commit');
    expect(attempt).toThrow(/RATE_LIMIT_LOGIN_IP_MAX must be greater than 0/);
  });

  it('reads the cluster and metrics variables, off by default', () => {
    expect(loadConfig({}, '/x')).toMatchObject({
      redisPrefix: 'parley:',
      nodeName: null,
      metricsToken: null,
    });
    const token = 'a-long-enough-scrape-token';
    expect(
      loadConfig({ REDIS_PREFIX: 'chat2:', NODE_NAME: 'node-1', METRICS_TOKEN: token }, '/x'),
    ).toMatchObject({ redisPrefix: 'chat2:', nodeName: 'node-1', metricsToken: token });
  });

  it('refuses a short metrics token and odd names', () => {
    const attempt = () =>
      loadConfig({ METRICS_TOKEN: 'short', NODE_NAME: 'a b', REDIS_PREFIX: 'x y' }, '/x');
    expect(attempt).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(attempt).toThrow(/NODE_NAME may hold/);
    expect(attempt).toThrow(/REDIS_PREFIX may hold/);
  });

  it('reads the flood and quota limits, with defaults', () => {
    expect(loadConfig({}, '/x').abuseLimits).toEqual(DEFAULT_ABUSE_LIMITS);
    const config = loadConfig(
      {
        RATE_LIMIT_SEND_USER_MAX: '5',
        RATE_LIMIT_SEND_USER_WINDOW: '2',
        RATE_LIMIT_UPLOAD_USER_MAX: '3',
        RATE_LIMIT_TYPING_WINDOW: '5',
        MAX_SOCKETS_PER_USER: '4',
        UPLOAD_QUOTA_MB: '10',
        MAX_CONNECTIONS_PER_ADDRESS: '50',
        HEADERS_TIMEOUT: '5',
        REQUEST_TIMEOUT: '60',
        KEEP_ALIVE_TIMEOUT: '3',
      },
      '/x',
    );
    expect(config.rateLimits).toMatchObject({
      sendPerUser: { max: 5, windowSeconds: 2 },
      uploadPerUser: { max: 3, windowSeconds: 60 },
      typingPerChat: { max: 1, windowSeconds: 5 },
    });
    expect(config.abuseLimits).toEqual({
      socketsPerUser: 4,
      uploadQuotaBytes: 10 * 1024 * 1024,
      connectionsPerAddress: 50,
      headersTimeoutMs: 5000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 3000,
    });
  });

  it('refuses a headers timeout longer than the request timeout, and zero caps', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT: '90', REQUEST_TIMEOUT: '60' }, '/x')).toThrow(
      /HEADERS_TIMEOUT must not be longer than REQUEST_TIMEOUT/,
    );
    expect(() => loadConfig({ MAX_SOCKETS_PER_USER: '0' }, '/x')).toThrow(
      /MAX_SOCKETS_PER_USER must be greater than 0/,
    );
  });
});

describe('HOST and TRUST_PROXY', () => {
  it('accepts addresses, host names and every form Fastify takes for trustProxy', () => {
    for (const host of ['0.0.0.0', '::', '::1', '127.0.0.1', 'localhost', 'chat-1.internal']) {
      expect(loadConfig({ HOST: host }, '/x').host).toBe(host);
    }
    const cases: [string, boolean | number | string][] = [
      ['true', true],
      ['false', false],
      ['2', 2],
      ['loopback', 'loopback'],
      ['10.0.0.1', '10.0.0.1'],
      ['loopback, 10.0.0.0/8 ,fd00::/8', 'loopback,10.0.0.0/8,fd00::/8'],
      ['192.168.0.0/255.255.0.0', '192.168.0.0/255.255.0.0'],
    ];
    for (const [raw, parsed] of cases) {
      const { trustProxy } = loadConfig({ TRUST_PROXY: raw }, '/x');
      expect(trustProxy).toEqual(parsed);
      // What Fastify is given, it accepts (a hop count becomes a function in app.ts).
      if (typeof trustProxy !== 'number') expect(() => Fastify({ trustProxy })).not.toThrow();
    }
  });

  it('refuses bad values with a config error, not a stack trace from Fastify or listen', () => {
    for (const raw of ['yes', 'loopbak', '10.0.0.0/33', '10.0.0.300', '10.0.0.1/8/1', 'a,,b']) {
      expect(() => loadConfig({ TRUST_PROXY: raw }, '/x')).toThrow(
        /TRUST_PROXY must be true, false, a hop count/,
      );
    }
    // Unchecked, such a value would have thrown inside Fastify at start.
    expect(() => Fastify({ trustProxy: 'loopbak' })).toThrow();
    for (const raw of ['not a host', '[::1]', 'http://example.org', '-bad-.example']) {
      expect(() => loadConfig({ HOST: raw }, '/x')).toThrow(/HOST must be an IP address/);
    }
  });

  it('ends a real start with the config message and no stack', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./main.ts', import.meta.url))],
      {
        env: { PATH: process.env.PATH, TRUST_PROXY: 'loopbak', HOST: 'not a host' },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^parley: Invalid configuration:\n/);
    expect(result.stderr).toMatch(/HOST: HOST must be an IP address/);
    expect(result.stderr).toMatch(/TRUST_PROXY: TRUST_PROXY must be/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('the blob store', () => {
  it('keeps files on the disk by default and reads an S3 bucket when asked', () => {
    expect(loadConfig({}, '/x').blobStore).toEqual({ kind: 'disk' });
    expect(
      loadConfig(
        {
          BLOB_STORE: 's3',
          S3_BUCKET: 'parley-files',
          S3_ENDPOINT: 'http://127.0.0.1:9000/',
          S3_ACCESS_KEY_ID: 'id',
          S3_SECRET_ACCESS_KEY: 'secret',
        },
        '/x',
      ).blobStore,
    ).toEqual({
      kind: 's3',
      bucket: 'parley-files',
      keyPrefix: '',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
  });

  it('refuses an unknown blob store and bad S3 settings, one line each', () => {
    expect(() => loadConfig({ BLOB_STORE: 'nfs' }, '/x')).toThrow(/BLOB_STORE must be disk or s3/);
    const attempt = () =>
      loadConfig(
        {
          BLOB_STORE: 's3',
          S3_BUCKET: 'No_Such',
          S3_ENDPOINT: 'ftp://x',
          S3_FORCE_PATH_STYLE: 'yes',
          S3_ACCESS_KEY_ID: 'id',
        },
        '/x',
      );
    expect(attempt).toThrow(/S3_BUCKET must be a bucket name/);
    expect(attempt).toThrow(/S3_ENDPOINT must be http\(s\):\/\/host\[:port\]/);
    expect(attempt).toThrow(/S3_FORCE_PATH_STYLE must be true or false/);
    expect(attempt).toThrow(/set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  });
});
