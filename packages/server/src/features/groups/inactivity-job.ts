import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Job } from '../../jobs/runner';
import type { Database } from '../../store/types';
import type { MembersService } from './members-service';
import * as q from './queries';

// Groups with max_time_inactive (days) lose members who have not been active
// there for that long. Activity in a group is the latest of: joining, their
// own newest message there, and the newest message they have read there (see
// queries.inactiveMembers). The owner is never removed, and a member who has
// read everything is not inactive. Runs through the jobs runner (one node per
// round); the removal is an ordinary departure ('left': they may join again)
// with its events, so their sockets stop following the group at once.

export const GROUP_INACTIVITY_JOB = 'inactive-group-members';
const DAY_MS = 24 * 60 * 60 * 1000;

export function createGroupInactivityJob(deps: {
  db: Kysely<Database>;
  now: Clock;
  members: MembersService;
  intervalMs: number;
}) {
  /** One round; answers who was removed from where. */
  async function round(): Promise<{ conversation_id: number; user_id: number }[]> {
    const removed: { conversation_id: number; user_id: number }[] = [];
    const now = deps.now().getTime();
    for (const group of await q.groupsWithInactivityLimit(deps.db)) {
      if (group.max_time_inactive === null || group.last_message_id === null) continue;
      const cutoff = new Date(now - group.max_time_inactive * DAY_MS).toISOString();
      for (const userId of await q.inactiveMembers(
        deps.db,
        group.id,
        group.last_message_id,
        cutoff,
      )) {
        await deps.members.expire(group.id, userId);
        removed.push({ conversation_id: group.id, user_id: userId });
      }
    }
    return removed;
  }

  const job: Job = {
    name: GROUP_INACTIVITY_JOB,
    intervalMs: deps.intervalMs,
    run: async () => {
      await round();
    },
  };
  return { job, round };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests run a round of the group inactivity job with their own clock. */
    groupInactivityRound: () => Promise<{ conversation_id: number; user_id: number }[]>;
  }
}
