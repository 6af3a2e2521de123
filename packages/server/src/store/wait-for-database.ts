import { setTimeout as sleep } from 'node:timers/promises';
import { describeUnavailable, isDatabaseUnavailable } from './unavailable';

/** Waits between attempts: doubling from half a second to 15 s, then 15 s each. */
export const START_BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15_000];

export interface WaitOptions {
  /** One line per failed attempt (no stack: a database that is down is expected). */
  log: (line: string) => void;
  backoffMs?: number[];
}

/**
 * Runs `task` (the start's first use of the database: the migrations) until
 * it gets through a database that is not reachable yet — a node started
 * before PostgreSQL, or during its restart, waits instead of exiting. Any
 * other error ends the wait at once. There is no deadline: the operator's
 * supervisor (systemd, an orchestrator) decides how long a start may take,
 * and SIGTERM still ends the process meanwhile.
 */
export async function untilDatabaseAnswers<T>(
  task: () => Promise<T>,
  options: WaitOptions,
): Promise<T> {
  const backoff = options.backoffMs ?? START_BACKOFF_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const delay = backoff[Math.min(attempt - 1, backoff.length - 1)] ?? 1000;
      options.log(
        `database not available (${describeUnavailable(error)}); attempt ${attempt}, next in ${delay / 1000} s`,
      );
      await sleep(delay);
    }
  }
}
