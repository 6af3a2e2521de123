import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../store/types';

// users.last_seen_at (0022): when the user was last connected. Written when
// their last socket closes and, while they stay online, at most once a
// minute by this node (one UPDATE for all its due users, never per message
// or per frame), so a node that dies leaves a time at most a minute old.
// Per node: a user with sockets on two nodes is written by both, each at
// most once a minute.

const UPDATE_CHUNK = 500;
const RECENT_LIMIT = 10_000;

export class LastSeenRecorder {
  /** Users with sockets on this node: how many, and when this node last wrote their time. */
  private readonly online = new Map<number, { sockets: number; writtenAt: number }>();
  /** Users who left this node lately → when it last wrote their time. */
  private readonly lastWrites = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    /** The least time between two writes of one user's time while online. */
    private readonly everyMs = 60_000,
  ) {}

  /** Rounds every quarter of `everyMs`: a due user waits at most that long. */
  start(): void {
    this.timer ??= setInterval(() => void this.round().catch(() => undefined), this.everyMs / 4);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * A socket of the user counted in presence. The first on this node writes
   * their time unless this node did within the minute (a reconnect does
   * not), so a node that dies soon after still leaves a time behind.
   */
  async connected(userId: number): Promise<void> {
    const entry = this.online.get(userId);
    if (entry) {
      entry.sockets++;
      return;
    }
    const now = this.now();
    const last = this.lastWrites.get(userId) ?? Number.NEGATIVE_INFINITY;
    const due = now.getTime() - last >= this.everyMs;
    this.online.set(userId, { sockets: 1, writtenAt: due ? now.getTime() : last });
    if (due) await this.write([userId], now.toISOString());
  }

  /**
   * A counted socket closed. When it was the user's last anywhere
   * (`wentOffline`), their time is written now and returned for the
   * offline presence frame; otherwise null.
   */
  async disconnected(userId: number, wentOffline: boolean): Promise<string | null> {
    const entry = this.online.get(userId);
    if (entry && --entry.sockets <= 0) {
      this.online.delete(userId);
      this.rememberWrite(userId, entry.writtenAt);
    }
    if (!wentOffline) return null;
    const now = this.now();
    this.rememberWrite(userId, now.getTime());
    await this.write([userId], now.toISOString());
    return now.toISOString();
  }

  /** Writes the time of every online user not written within `everyMs`; returns how many. */
  async round(): Promise<number> {
    const now = this.now();
    const due = [...this.online]
      .filter(([, e]) => now.getTime() - e.writtenAt >= this.everyMs)
      .map(([userId, e]) => {
        e.writtenAt = now.getTime();
        return userId;
      });
    for (let i = 0; i < due.length; i += UPDATE_CHUNK) {
      await this.write(due.slice(i, i + UPDATE_CHUNK), now.toISOString());
    }
    return due.length;
  }

  /** When this node last wrote for a user who left it: a reconnect within the minute writes nothing. */
  private rememberWrite(userId: number, at: number): void {
    this.lastWrites.delete(userId);
    this.lastWrites.set(userId, at);
    // Oldest first (insertion order): what falls out only costs one extra write.
    if (this.lastWrites.size > RECENT_LIMIT) {
      const oldest = this.lastWrites.keys().next().value;
      if (oldest !== undefined) this.lastWrites.delete(oldest);
    }
  }

  private async write(userIds: number[], at: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ last_seen_at: at })
      .where('id', 'in', userIds)
      // Never back in time: a slow connect write may commit after the close's.
      .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', at)]))
      .execute();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests run a round of the once-a-minute write with their own clock. */
    lastSeenRound: () => Promise<number>;
  }
}
