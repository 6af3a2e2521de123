import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '@parley/protocol/messages';
import {
  INACTIVITY_WARNING_DAYS,
  INACTIVITY_WARNING_MESSAGE_TYPE,
} from '@parley/protocol/settings';
import type { Clock } from '../clock';
import type { SettingsService } from '../features/settings/service';
import type { UsersService } from '../features/users/service';
import type { Job } from './runner';

// Deletes accounts unused for longer than their owner chose (max_time_inactive:
// 1, 3, 6 or 12 months), with a warning in the System chat first.
//
// "Used" is users.last_active_at, written by the auth guard at most once a
// minute per user per node (users/service recordActivity), so keeping it
// current costs no write per request. For each account whose limit is near:
// - from INACTIVITY_WARNING_DAYS (7) before the deadline, one warning is
//   posted (inactivity_warned_at marks it; using the account starts a new
//   period, and a new period gets a new warning);
// - once the deadline has passed AND the warning is at least 7 days old, the
//   account is erased. A late warning (the job was down) therefore delays
//   the deletion rather than skipping the notice.

export const INACTIVITY_JOB = 'inactive-accounts';
const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `at` moved by whole calendar months (UTC), clamped to the month's end like 31 Jan + 1 → 28/29 Feb. */
export function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export interface InactivityOutcome {
  warned: number[];
  deleted: number[];
}

export function createInactivityJob(deps: {
  now: Clock;
  users: UsersService;
  settings: SettingsService;
  postNotice: (userId: number, type: string, text: string) => Promise<unknown>;
  log: FastifyBaseLogger;
  intervalMs: number;
}) {
  const warningMs = INACTIVITY_WARNING_DAYS * DAY_MS;

  async function round(): Promise<InactivityOutcome> {
    const now = deps.now();
    // The shortest limit is one month: nobody used more recently than this is near one.
    const cutoff = new Date(addMonths(now, -1).getTime() + warningMs).toISOString();
    const outcome: InactivityOutcome = { warned: [], deleted: [] };
    for (const row of await deps.users.inactiveSince(cutoff, BATCH)) {
      const lastActive = row.last_active_at ?? row.created_at;
      const deadline = addMonths(new Date(lastActive), row.max_time_inactive).getTime();
      const warnedAt = row.inactivity_warned_at;
      const warnedThisPeriod = warnedAt !== null && warnedAt >= lastActive;
      if (!warnedThisPeriod) {
        if (now.getTime() < deadline - warningMs) continue;
        // Posted first: a failed post is retried next round instead of marked as sent.
        await deps.postNotice(row.id, INACTIVITY_WARNING_MESSAGE_TYPE, MSG.inactivityWarningNotice);
        await deps.users.markWarned(row.id, lastActive, now.toISOString());
        outcome.warned.push(row.id);
        continue;
      }
      const noticeAge = now.getTime() - new Date(warnedAt).getTime();
      if (now.getTime() >= deadline && noticeAge >= warningMs) {
        await deps.settings.eraseAccount(row.id);
        outcome.deleted.push(row.id);
        deps.log.info({ userId: row.id }, 'account deleted for inactivity');
      }
    }
    return outcome;
  }

  const job: Job = {
    name: INACTIVITY_JOB,
    intervalMs: deps.intervalMs,
    run: async () => {
      await round();
    },
  };
  return { job, round };
}
