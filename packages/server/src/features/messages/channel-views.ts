import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { CHANNEL_VIEWS_MAX } from '@parley/protocol/events/conversation-events';
import type { Clock } from '../../clock';
import { appendConversationEvent } from '../../events/log';
import type { EventTransaction } from '../../events/log';
import { lockConversation } from '../conversations/queries';
import type { Database } from '../../store/types';
import { viewCounts } from './read-queries';
import { logRoundFailure } from '../../store/unavailable';

// Channel view counts, live but bounded (docs/REALTIME.md, `message.views`).
// A channel read raises the count of every post the reader's marker passes
// (read-marks.ts); one event per read would reach every subscriber, so a
// read only notes here which posts it counted. At most one `message.views`
// per channel per interval then carries the current counts of the posts
// whose count changed since the previous one (the newest CHANNEL_VIEWS_MAX):
// the first read after a quiet interval is told at once, the later ones
// together at the interval's end. The throttle is per node: a cluster of N
// nodes sends at most N per channel per interval. A note lost with its node
// only delays the counts to the next event or fetch (history carries them).

/** Default interval between two `message.views` of one channel. */
export const CHANNEL_VIEWS_INTERVAL_MS = 5_000;

interface Channel {
  /** Posts counted since the last event: ids in (after, upTo]; null when none. */
  range: { after: number; upTo: number } | null;
  /** The interval after the last event; a channel with no timer may send at once. */
  timer: NodeJS.Timeout | null;
}

export interface ChannelViews {
  /** A read counted views on posts in (after, upTo] of this channel (after its commit). */
  noteCounted(channelId: number, after: number, upTo: number): void;
  /** Stops the timers (server shutdown); notes not yet sent are dropped. */
  close(): void;
}

export function createChannelViews(deps: {
  db: Kysely<Database>;
  now: Clock;
  transaction: EventTransaction;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): ChannelViews {
  const intervalMs = deps.intervalMs ?? CHANNEL_VIEWS_INTERVAL_MS;
  const channels = new Map<number, Channel>();
  let closed = false;

  /** The counts of the noted posts, as one event; then the interval starts. */
  async function send(channelId: number, channel: Channel): Promise<void> {
    const range = channel.range;
    channel.range = null;
    channel.timer = setTimeout(() => cooled(channelId, channel), intervalMs).unref();
    if (!range) return;
    try {
      await deps.transaction(async (trx) => {
        // Under the conversation's lock (PostgreSQL): no read's count is half-way.
        await lockConversation(trx, channelId);
        const rows = await viewCounts(trx, channelId, range, CHANNEL_VIEWS_MAX);
        if (rows.length === 0) return; // deleted meanwhile
        const counts = rows.map((r) => ({ message_id: r.id, views: r.views }));
        await appendConversationEvent(
          trx,
          channelId,
          'message.views',
          { counts },
          deps.now().toISOString(),
        );
      });
    } catch (error) {
      logRoundFailure(deps.log, 'channel views: event', error, { channelId });
    }
  }

  /** The interval is over: what was noted meanwhile goes now, or the channel is forgotten. */
  function cooled(channelId: number, channel: Channel): void {
    channel.timer = null;
    if (channel.range && !closed) void send(channelId, channel);
    else channels.delete(channelId);
  }

  return {
    noteCounted(channelId, after, upTo) {
      if (closed || upTo <= after) return;
      let channel = channels.get(channelId);
      if (!channel) {
        channel = { range: null, timer: null };
        channels.set(channelId, channel);
      }
      const r = channel.range;
      channel.range = r
        ? { after: Math.min(r.after, after), upTo: Math.max(r.upTo, upTo) }
        : { after, upTo };
      if (channel.timer === null) void send(channelId, channel);
    },
    close() {
      closed = true;
      for (const channel of channels.values()) {
        if (channel.timer) clearTimeout(channel.timer);
      }
      channels.clear();
    },
  };
}
