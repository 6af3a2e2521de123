import type { Kysely } from 'kysely';
import type { PushSubscriptionJson } from '@parley/protocol/push';
import type { Database } from '../../store/types';

// The devices' push subscriptions. One row per endpoint: a browser that
// subscribes again (after a key change, or signed in as someone else)
// replaces its row instead of adding a second device.

export interface DeviceRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
}

export async function saveSubscription(
  db: Kysely<Database>,
  owner: { userId: number; sessionId: number; locale: string },
  subscription: PushSubscriptionJson,
  at: string,
): Promise<void> {
  const row = {
    user_id: owner.userId,
    session_id: owner.sessionId,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    locale: owner.locale,
  };
  await db
    .insertInto('push_subscriptions')
    .values({ ...row, endpoint: subscription.endpoint, created_at: at, visible_until: null })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet(row))
    .execute();
}

/** Removes the user's subscription with this endpoint; true when there was one. */
export async function deleteSubscription(
  db: Kysely<Database>,
  userId: number,
  endpoint: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Logout: the session's devices stop receiving pushes (with or without firebase_token). */
export async function deleteSessionSubscriptions(
  db: Kysely<Database>,
  sessionId: number,
): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).execute();
}

/** The push service said the subscription is gone (404/410). */
export async function deleteSubscriptionById(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/**
 * A tab of the session's device is on screen until `until` (null: none).
 * No row changes for a session without push, so the common case writes nothing.
 */
export async function setSessionVisibility(
  db: Kysely<Database>,
  sessionId: number,
  until: string | null,
): Promise<void> {
  await db
    .updateTable('push_subscriptions')
    .set({ visible_until: until })
    .where('session_id', '=', sessionId)
    .execute();
}

/** The devices of these users that may get a push now: not on screen, session not revoked. */
export async function devicesOf(
  db: Kysely<Database>,
  userIds: number[],
  at: string,
): Promise<DeviceRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('push_subscriptions as p')
    .leftJoin('sessions as s', 's.id', 'p.session_id')
    .select(['p.id', 'p.user_id', 'p.endpoint', 'p.p256dh', 'p.auth', 'p.locale'])
    .where('p.user_id', 'in', userIds)
    .where((eb) => eb.or([eb('p.visible_until', 'is', null), eb('p.visible_until', '<=', at)]))
    .where('s.revoked_at', 'is', null)
    .execute();
}

/** The devices of a batch of jobs, in one query. */
export async function subscriptionsById(
  db: Kysely<Database>,
  ids: number[],
): Promise<Map<number, DeviceRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth', 'locale'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}
