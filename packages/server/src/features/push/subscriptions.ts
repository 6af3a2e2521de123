import { sql } from 'kysely';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { PUSH_DEVICES_MAX } from '@parley/protocol/push';
import type { PushSubscriptionJson } from '@parley/protocol/push';
import type { Database } from '../../store/types';

// The devices' push subscriptions. One row per endpoint: a browser that
// subscribes again (after a key change, or in a new session of the same
// account) replaces its row instead of adding a second device.
//
// An endpoint belongs to the account that registered it while that
// registration's session lives: another account's registration of it is
// refused (the device could otherwise be taken over, its pushes sent to
// keys the caller chose, and then deleted). A row whose session ended
// (logout deletes the row; a revoked session leaves it) is nobody's device
// any more, so a new account may take the endpoint: the old row goes first,
// with its queued jobs, so no push of the old account reaches the new one.
//
// At most PUSH_DEVICES_MAX devices per account: a new one replaces the
// least recently used (ended sessions first, then the session seen longest
// ago), as a messenger does for a person's many browsers.

export interface DeviceRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
}

/** A live session holds this subscription row (correlated on `push_subscriptions`). */
const liveSession = (eb: ExpressionBuilder<Database, 'push_subscriptions'>) =>
  eb.exists(
    eb
      .selectFrom('sessions as s')
      .select(sql`1`.as('one'))
      .whereRef('s.id', '=', 'push_subscriptions.session_id')
      .where('s.revoked_at', 'is', null),
  );

/** Saves the device; false when the endpoint is another account's live device (nothing changes). */
export async function saveSubscription(
  db: Kysely<Database>,
  owner: { userId: number; sessionId: number; locale: string },
  subscription: PushSubscriptionJson,
  at: string,
): Promise<boolean> {
  const row = {
    user_id: owner.userId,
    session_id: owner.sessionId,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    locale: owner.locale,
  };
  return db.transaction().execute(async (trx) => {
    // Another account's row whose session ended: dropped (its jobs cascade).
    await trx
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', subscription.endpoint)
      .where('user_id', '<>', owner.userId)
      .where((eb) => eb.not(liveSession(eb)))
      .execute();
    // The update happens only for the caller's own row: a live row of
    // another account makes the upsert a no-op that returns nothing. One
    // statement, so two accounts racing for a new endpoint cannot both win.
    const saved = await trx
      .insertInto('push_subscriptions')
      .values({ ...row, endpoint: subscription.endpoint, created_at: at, visible_until: null })
      .onConflict((oc) =>
        oc
          .column('endpoint')
          .doUpdateSet(row)
          .where('push_subscriptions.user_id', '=', owner.userId),
      )
      .returning('id')
      .executeTakeFirst();
    if (!saved) return false;
    await keepNewest(trx, owner.userId, saved.id);
    return true;
  });
}

/** The account's devices beyond the cap, least recently used first, are removed (never `keepId`). */
async function keepNewest(db: Kysely<Database>, userId: number, keepId: number): Promise<void> {
  const rows = await db
    .selectFrom('push_subscriptions as p')
    .leftJoin('sessions as s', 's.id', 'p.session_id')
    .select(['p.id', 's.revoked_at', 's.last_seen_at'])
    .where('p.user_id', '=', userId)
    .execute();
  if (rows.length <= PUSH_DEVICES_MAX) return;
  // Sorted in JS: at most a handful of rows beyond the cap, and no dialect's NULLS ordering to mind.
  const used = (r: (typeof rows)[number]) =>
    r.id === keepId
      ? Infinity
      : r.revoked_at !== null || r.last_seen_at === null
        ? -Infinity
        : Date.parse(r.last_seen_at);
  const ranked = rows.sort((a, b) => used(b) - used(a) || b.id - a.id);
  const extra = ranked.slice(PUSH_DEVICES_MAX).map((r) => r.id);
  await db.deleteFrom('push_subscriptions').where('id', 'in', extra).execute();
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
