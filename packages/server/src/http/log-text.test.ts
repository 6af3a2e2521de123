import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { textFormatter, textLogStream } from './log-text';
import { chooseLogFormat, REDACT_PATHS } from './logger';

const at = new Date(2026, 11, 7, 9, 5, 3).getTime();

describe('text logs for a terminal', () => {
  it('print a message as one readable line with its fields', () => {
    const format = textFormatter('info');
    expect(format({ level: 30, time: at, pid: 1, hostname: 'h', msg: 'files: disk', n: 2 })).toBe(
      '09:05:03 INFO  files: disk n=2\n',
    );
    expect(format({ level: 40, time: at, msg: 'slow', where: 'a b' })).toBe(
      '09:05:03 WARN  slow where="a b"\n',
    );
    expect(format({ level: 20, time: at, msg: 'detail' })).toBeNull();
  });

  it('keep requests out at info and show each as one line at debug', () => {
    const request = [
      {
        level: 30,
        time: at,
        reqId: 'r1',
        msg: 'incoming request',
        req: { method: 'GET', url: '/api/v1/user' },
      },
      {
        level: 30,
        time: at,
        reqId: 'r1',
        msg: 'request completed',
        res: { statusCode: 200 },
        responseTime: 3.4,
      },
    ];
    const info = textFormatter('info');
    expect(request.map((r) => info(r))).toEqual([null, null]);
    const debug = textFormatter('debug');
    expect(request.map((r) => debug(r))).toEqual([
      null,
      '09:05:03 DEBUG GET /api/v1/user 200 3 ms\n',
    ]);
  });

  it('print an error with its stack under it', () => {
    const text = textFormatter('info')({
      level: 50,
      time: at,
      msg: 'boom',
      err: { message: 'bad', stack: 'Error: bad\n    at x (y.ts:1:1)' },
    });
    expect(text).toBe('09:05:03 ERROR boom\n  Error: bad\n      at x (y.ts:1:1)\n');
  });

  it('are redacted like the JSON ones', () => {
    let out = '';
    const log = pino(
      { level: 'info', redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
      textLogStream('info', { write: (text: string) => (out += text) }),
    );
    log.info({ password: 'hunter2-secret', body: { refresh_token: 'tok-secret' } }, 'login');
    expect(out).toContain('login');
    expect(out).not.toContain('hunter2-secret');
    expect(out).not.toContain('tok-secret');
  });

  it('are chosen at a terminal; JSON otherwise or when the setting says so', () => {
    expect(chooseLogFormat('auto', true)).toBe('text');
    expect(chooseLogFormat('auto', false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('text', false)).toBe('text');
  });
});
