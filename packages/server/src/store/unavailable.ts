// Which errors mean "the database is not reachable right now" (a restart, a
// failover, a terminated connection) rather than "this query is wrong". The
// HTTP layer answers those with 503 instead of 500, the start waits them out,
// and nothing else needs to know the drivers' error shapes.
//
// A socket error such as ECONNREFUSED looks the same whoever met it (a link
// preview's site, a blob store): only the PostgreSQL pool marks the errors
// it passes on (store/db.ts), and only marked errors count.

const MARK = Symbol('parley.databaseUnavailable');

/** Socket-level failures of the connection itself (Node's errno codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of an unavailable server: class 08 (connection
 * exception), 57P01–57P03 (terminated by an administrator, crash shutdown,
 * starting up or shutting down) and 53300 (too many connections).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '53300';
}

/** node-postgres' own messages for a connection that died or never came. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client was closed and is not queryable',
];

/** The shapes of an unreachable server's errors, as node-postgres reports them. */
export function looksUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) {
    return true;
  }
  if (typeof message === 'string' && PG_CONNECTION_MESSAGES.some((m) => message.includes(m))) {
    return true;
  }
  // AggregateError (a host name with several addresses, all refused).
  const nested = (error as { errors?: unknown }).errors;
  return Array.isArray(nested) && nested.length > 0 && nested.every(looksUnavailable);
}

/** Used by the pool: marks an error from the database's side that means "unreachable". */
export function markIfUnavailable(error: unknown): unknown {
  if (looksUnavailable(error) && Object.isExtensible(error)) {
    Object.defineProperty(error, MARK, { value: true });
  }
  return error;
}

/** An error the database pool marked: the database could not be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && MARK in error;
}

/** One line for a log: the code when there is one, else the message. */
export function describeUnavailable(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const { code, message, errors } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
  };
  // AggregateError (localhost refused on ::1 and 127.0.0.1) has no message of its own.
  if ((message === '' || message === undefined) && Array.isArray(errors) && errors.length > 0) {
    return describeUnavailable(errors[0]);
  }
  const text = typeof message === 'string' && message !== '' ? message : String(error);
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
}

interface FailureLog {
  warn(message: string): void;
  error(fields: object, message: string): void;
}

/**
 * Logs a background round's failure: a database restart is one warning line
 * (the next round tries again), anything else an error with its stack.
 */
export function logRoundFailure(
  log: FailureLog,
  what: string,
  error: unknown,
  fields: object = {},
): void {
  if (isDatabaseUnavailable(error)) {
    log.warn(`${what}: skipped, database unavailable (${describeUnavailable(error)})`);
  } else {
    log.error({ err: error, ...fields }, `${what} failed`);
  }
}
