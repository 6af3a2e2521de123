import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types';

// Kysely types of the Web Push tables (0015-push, docs/PUSH.md).

/** A device's Web Push subscription (0015-push). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  session_id: number | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
  /** A tab of this device reported itself visible; no push until then. */
  visible_until: Timestamp | null;
  created_at: Timestamp;
}

/** A new message waiting for its push fan-out (0015-push). */
export interface PushOutboxTable {
  id: Generated<number>;
  message_id: number;
  claimed_until: ColumnType<Timestamp, Timestamp | undefined, Timestamp>;
  created_at: Timestamp;
}

/** One push to one device, queued with retries (0015-push). */
export interface PushJobsTable {
  id: Generated<number>;
  subscription_id: number;
  payload: string;
  topic: string | null;
  ttl_seconds: number;
  attempts: ColumnType<number, number | undefined, number>;
  next_at: Timestamp;
  expires_at: Timestamp;
  claimed_until: ColumnType<Timestamp, Timestamp | undefined, Timestamp>;
  created_at: Timestamp;
}

export interface PushTables {
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
  push_jobs: PushJobsTable;
}
