// Readable log lines for a person at a terminal (`npm start`): pino's JSON
// records, already redacted, turned into `12:03:04 INFO  message key=value`.
// Requests are debug here: Fastify logs two info records per request, which
// flooded the terminal (18,000 lines in 47 minutes), so they show only with
// LOG_LEVEL=debug or trace, as one line per request. JSON stays the format for
// production and for machines (docs/OPERATIONS.md, "Logs").

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};
const DEBUG = 20;
/** Fields the line's own layout shows, or that say nothing to a person. */
const SHOWN_ELSEWHERE = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err']);
/** Requests whose start was seen and whose end was not: enough for the slowest few. */
const OPEN_REQUESTS_MAX = 1000;

type LogRecord = Record<string, unknown> & {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  err?: { message?: string; stack?: string };
};

function value(v: unknown): string {
  if (typeof v === 'string') return /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v);
  return JSON.stringify(v);
}

function clock(time: number | undefined): string {
  const at = new Date(time ?? Date.now());
  return [at.getHours(), at.getMinutes(), at.getSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
}

/**
 * A formatter keeps the method and path of each request it saw start, so the
 * request's end prints as one line: `GET /api/v1/user 200 3 ms`.
 */
export function textFormatter(minimumLevel: string) {
  const minimum = LEVEL_VALUES[minimumLevel] ?? LEVEL_VALUES.info!;
  const open = new Map<string, string>();

  function line(level: number, time: number | undefined, text: string): string {
    return `${clock(time)} ${LEVELS[level] ?? String(level)} ${text}\n`;
  }

  /** The record as one or more lines, or null when it is not shown. */
  return function format(record: LogRecord): string | null {
    const level = record.level ?? 30;
    const req = record.req as { method?: string; url?: string } | undefined;
    if (record.msg === 'incoming request' && req) {
      if (minimum > DEBUG || !record.reqId) return null;
      if (open.size >= OPEN_REQUESTS_MAX) open.delete(open.keys().next().value!);
      open.set(record.reqId, `${req.method ?? '?'} ${req.url ?? '?'}`);
      return null;
    }
    if (record.msg === 'request completed') {
      const what = record.reqId ? open.get(record.reqId) : undefined;
      if (record.reqId) open.delete(record.reqId);
      if (minimum > DEBUG) return null;
      const status = (record.res as { statusCode?: number } | undefined)?.statusCode;
      const ms = typeof record.responseTime === 'number' ? Math.round(record.responseTime) : '?';
      return line(DEBUG, record.time, `${what ?? 'request'} ${status ?? '?'} ${ms} ms`);
    }
    if (level < minimum) return null;
    const extra = Object.entries(record)
      .filter(([key]) => !SHOWN_ELSEWHERE.has(key))
      .map(([key, v]) => `${key}=${value(v)}`);
    const text = [record.msg ?? '', ...extra].filter(Boolean).join(' ');
    const stack = record.err?.stack ?? record.err?.message;
    const trace = stack ? `\n  ${stack.split('\n').join('\n  ')}` : '';
    return line(level, record.time, text + trace);
  };
}

/** A pino destination that writes readable lines to `out` (stdout at a terminal). */
export function textLogStream(
  minimumLevel: string,
  out: { write(text: string): unknown } = process.stdout,
) {
  const format = textFormatter(minimumLevel);
  return {
    write(json: string) {
      let record: LogRecord;
      try {
        record = JSON.parse(json) as LogRecord;
      } catch {
        out.write(json);
        return;
      }
      const text = format(record);
      if (text !== null) out.write(text);
    },
  };
}
