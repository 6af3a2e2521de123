import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_RATE_LIMITS, loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults that run with nothing set', () => {
    const config = loadConfig({}, '/srv/parley');
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
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
        HOST: '127.0.0.1',
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
      host: '127.0.0.1',
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
