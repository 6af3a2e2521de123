import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ApiClient } from '../lib/http';
import type { FanoutConfig } from './config';
import type { BenchGroup, BenchUser } from './seed';
import type { OpenSocket } from './sockets';
import type { Tracker } from './tracker';

// Open-loop load: message i is due at t0 + i/rate whatever happened to the
// ones before it, and its embedded timestamp is that due time, not the moment
// the request left. A slow server therefore shows up as latency instead of
// silently lowering the rate (no coordinated omission). Messages go round
// robin over the groups, and within a group over its first `senders` members.
// Each goes over the sender's own socket (op `send`) unless `--via http`.

export interface Schedule {
  t0: number;
  warmupEnd: number;
  end: number;
  total: number;
}

export function makeSchedule(config: FanoutConfig): Schedule {
  const t0 = performance.now() + 50; // a little slack so the first tick is not already late
  const warmupEnd = t0 + config.warmupS * 1000;
  const end = warmupEnd + config.durationS * 1000;
  return {
    t0,
    warmupEnd,
    end,
    total: Math.round(config.rate * (config.warmupS + config.durationS)),
  };
}

export async function runSenders(
  config: FanoutConfig,
  schedule: Schedule,
  groups: readonly BenchGroup[],
  client: ApiClient,
  sockets: readonly OpenSocket[],
  tracker: Tracker,
): Promise<void> {
  const interval = 1000 / config.rate;
  const byUser = new Map(sockets.map((s) => [s.user.index, s]));
  const socketOf = (user: BenchUser) => {
    const open = byUser.get(user.index);
    if (!open) throw new Error(`no socket for user ${user.index}`);
    return open;
  };

  const sendOne = (i: number, due: number) => {
    const group = groups[i % groups.length] as BenchGroup;
    const sender = group.members[Math.floor(i / groups.length) % config.senders];
    if (!sender) throw new Error('no sender');
    const uuid = randomUUID();
    const measured = due >= schedule.warmupEnd;
    tracker.messages.set(uuid, {
      group: group.index,
      scheduledMs: due,
      measured,
      status: 'pending',
      expected: group.deliveriesPerSend ?? group.members.length,
      delivered: 0,
    });
    const issued = performance.now();
    if (measured) tracker.sendLags.push(issued - due);
    const body = {
      conversation_id: group.conversationId,
      uuid,
      message: `bench #${i} t=${due.toFixed(3)}`,
    };
    const how = config.via === 'socket' ? 'socket send' : 'POST /user/messages';
    const status =
      config.via === 'socket'
        ? socketOf(sender).sendMessage(body)
        : client
            .request('POST', '/user/messages', { token: sender.token, json: body })
            .then((reply) => reply.status);
    void status.then(
      (code) => {
        const record = tracker.messages.get(uuid);
        // Already given up on after the grace period: counted once, there.
        if (!record || record.status !== 'pending') return;
        if (code === 200) {
          record.status = 'ok';
          if (measured) tracker.replyTimes.push(performance.now() - issued);
        } else {
          record.status = 'failed';
          tracker.error(`${how}: status ${code}`);
        }
      },
      (error: unknown) => {
        const record = tracker.messages.get(uuid);
        if (!record || record.status !== 'pending') return;
        record.status = 'failed';
        tracker.error(`${how}: ${error instanceof Error ? error.message : error}`);
      },
    );
  };

  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < schedule.total && schedule.t0 + next * interval <= now) {
        sendOne(next, schedule.t0 + next * interval);
        next++;
      }
      if (next >= schedule.total) return resolve();
      // 1 ms is the timer floor; the loop above catches up on any backlog.
      setTimeout(tick, Math.max(0, Math.min(1, schedule.t0 + next * interval - now)));
    };
    tick();
  });
  // Replies still in flight are not awaited here: the caller waits for them
  // and for the deliveries together, bounded by the grace period.
}
