import type { Kysely } from 'kysely';
import type { Database } from '../../store/types';
import type { TaskAssigned } from '../tasks/context';
import { PUSH_TTL_SECONDS, unreadCounts } from './fanout';
import type { NewPushJob } from './queue';
import { taskPushPayload } from './rules';
import { devicesOf } from './subscriptions';

// A task assignment → one push job per device of each newly assigned person
// that is not on screen (issue 22: "task assignments, following the
// notification settings"). Runs after the assignment's commit; the rules are
// rules.ts's `taskPushPayload`, rendered in each device's language.

const flag = (v: boolean | number | null) => v === true || v === 1;

export async function taskAssignmentJobs(
  db: Kysely<Database>,
  assigned: TaskAssigned,
  at: Date,
): Promise<NewPushJob[]> {
  if (assigned.user_ids.length === 0) return [];
  const [people, assigner, devices, unread] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'notifications', 'muted', 'paranoid'])
      .where('id', 'in', assigned.user_ids)
      .execute(),
    db.selectFrom('users').select('name').where('id', '=', assigned.by_user_id).executeTakeFirst(),
    devicesOf(db, assigned.user_ids, at.toISOString()),
    unreadCounts(db, assigned.user_ids),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const jobs: NewPushJob[] = [];
  for (const device of devices) {
    const person = byId.get(device.user_id);
    if (!person) continue;
    const payload = taskPushPayload(
      {
        user: {
          notifications: flag(person.notifications),
          muted: flag(person.muted),
          paranoid: flag(person.paranoid),
        },
        conversation_id: assigned.conversation_id,
        task_id: assigned.task_id,
        title: assigned.title,
        assigner_name: assigner?.name ?? null,
        unread: unread.get(device.user_id) ?? 0,
      },
      device.locale,
    );
    if (!payload) continue;
    jobs.push({
      subscription_id: device.id,
      payload: JSON.stringify(payload),
      topic: `t${assigned.task_id}`,
      ttl_seconds: PUSH_TTL_SECONDS,
    });
  }
  return jobs;
}
