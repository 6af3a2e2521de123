import type { WhoCanAdd } from '@parley/protocol/rules/group-consent';
import { checkPasswordLength } from '../admin/server-settings';
import type { ServerSettingsStore } from '../admin/server-settings';
import type { Kysely } from 'kysely';
import { MSG } from '@parley/protocol/messages';
import { usernameKey } from '@parley/protocol/rules/username';
import type { UserUpdatedPayload } from '@parley/protocol/events/conversation-events';
import type { SettingsChangedPayload } from '@parley/protocol/events/user-events';
import type { z } from 'zod';
import { AVATAR_SIZE_PX, PASSWORD_CHANGED_MESSAGE_TYPE } from '@parley/protocol/settings';
import type { editProfileRequestSchema } from '@parley/protocol/settings';
import type { User } from '@parley/protocol/user';
import type { Bus } from '../../bus/bus';
import { channels } from '../../bus/bus';
import type { Clock } from '../../clock';
import { HttpError } from '../../http/http-error';
import { ImageRefused, toAvatarJpeg } from '../../media/images';
import type { Presence } from '../../realtime/presence';
import type { BlobStore } from '../../storage/blob-store';
import { isUniqueViolation } from '../../store/dialect';
import type { Database } from '../../store/types';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { appendConversationEvent, appendUserEvent, eventTransaction } from '../../events/log';
import type { EventPublisher } from '../../events/log';
import type { SessionsService } from '../sessions/service';
import type { ProfileChange, SettingFlag } from '../users/queries';
import type { UsersService } from '../users/service';
import { toUser } from '../users/to-user';
import { avatarKeyOf, avatarUrlOf } from './avatar-url';

// Profile, privacy switches, password, secret passcode and avatar. Works
// through the users and sessions services; a public profile change (name,
// username, avatar, status) is one `user.updated` event in every
// conversation the user is in, committed with the change itself. A private
// setting (the switches, timezone, passcode, inactivity limit) is one
// `settings.changed` user event with the fields set, so the user's other
// tabs and devices follow at once or on resume (docs/REALTIME.md).

/** A profile edit as the route parsed it: the fields left out stay as they are. */
export type ProfileInput = z.output<typeof editProfileRequestSchema>;

export class AvatarRefused extends Error {
  override name = 'AvatarRefused';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (field: string, message: string) =>
  new HttpError(422, MSG.validationFailed, { [field]: [message] });

export function createSettingsService(deps: {
  db: Kysely<Database>;
  now: Clock;
  users: UsersService;
  sessions: SessionsService;
  publisher: EventPublisher;
  bus: Bus;
  presence: Presence;
  blobs: BlobStore;
  /** Posts a notice into the user's System chat. */
  postNotice: (userId: number, type: string, text: string) => Promise<unknown>;
  /** The admin's password minimum (admin/server-settings.ts); the schema's 5 alone without it. */
  serverSettings?: ServerSettingsStore;
}) {
  const { users } = deps;
  const transaction = eventTransaction(deps.db, deps.publisher);

  /**
   * Appends `settings.changed` with `change` to the user's log inside `trx`.
   * Callers write the users row first: on PostgreSQL that row lock orders
   * concurrent changes, and the seq taken on the same row follows it, so
   * devices apply the changes in the order they were stored.
   */
  function settingsChanged(trx: Kysely<Database>, userId: number, change: SettingsChangedPayload) {
    return appendUserEvent(
      trx,
      userId,
      'settings.changed',
      { ...change },
      deps.now().toISOString(),
    );
  }

  async function rowOf(userId: number) {
    const row = await users.findRow(userId);
    if (!row) throw new HttpError(401, MSG.unauthenticated);
    return row;
  }

  /**
   * Saves a profile change; a visible one is announced to every conversation
   * of the user. `erase`: the inactivity job deletes the account instead.
   */
  async function saveProfile(userId: number, change: ProfileChange, erase = false): Promise<User> {
    const before = await rowOf(userId);
    const after = { ...before, ...change };
    const visible =
      after.name !== before.name ||
      after.username !== before.username ||
      after.avatar !== before.avatar ||
      after.status !== before.status;
    // Locks: conversations first (ascending ids), then the users row, the
    // order message sends take them in, so the two never deadlock.
    const audience = visible ? await users.profileAudience(userId) : [];
    const payload: UserUpdatedPayload = {
      user_id: userId,
      name: after.name,
      username: after.username,
      avatar: after.avatar,
      status: after.status,
    };
    const at = deps.now().toISOString();
    try {
      await transaction(async (trx) => {
        for (const id of audience) {
          await appendConversationEvent(trx, id, 'user.updated', { ...payload }, at);
        }
        if (erase) await users.eraseUser(userId, at, trx);
        else await users.updateProfile(userId, change, trx);
        // Only the owner's devices care about the timezone (an erased account has none left).
        if (!erase && change.timezone !== undefined) {
          await settingsChanged(trx, userId, { timezone: change.timezone });
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid('username', MSG.usernameTaken);
      throw error;
    }
    return toUser(await rowOf(userId));
  }

  return {
    async editProfile(userId: number, input: ProfileInput): Promise<User> {
      const change: ProfileChange = {};
      if (input.name !== undefined) change.name = input.name;
      if (input.timezone !== undefined) change.timezone = input.timezone;
      if (input.status !== undefined) change.status = input.status;
      if (input.username !== undefined) {
        if (await users.usernameTakenByOther(userId, input.username)) {
          throw invalid('username', MSG.usernameTaken);
        }
        change.username = input.username;
        change.username_key = usernameKey(input.username);
      }
      return saveProfile(userId, change);
    },

    async setFlag(userId: number, column: Exclude<SettingFlag, 'paranoid'>, on: boolean) {
      await transaction(async (trx) => {
        await users.setFlag(userId, column, on, trx);
        await settingsChanged(trx, userId, { [column]: on });
      });
      if (column === 'hide_status') await announcePresence(userId, !on);
    },

    /** Paranoid mode locks the app with the passcode, so it needs one. */
    async setParanoid(userId: number, on: boolean): Promise<void> {
      if (on && (await rowOf(userId)).secret_hash === null) {
        throw invalid('on', MSG.paranoidNeedsSecret);
      }
      await transaction(async (trx) => {
        await users.setFlag(userId, 'paranoid', on, trx);
        await settingsChanged(trx, userId, { paranoid: on });
      });
    },

    setMaxTimeInactive: (userId: number, months: number | null) =>
      transaction(async (trx) => {
        await users.setMaxTimeInactive(userId, months, trx);
        await settingsChanged(trx, userId, { max_time_inactive: months });
      }),

    /** "Who can add me to groups" (rules/group-consent.ts): applies to adds from now on. */
    setWhoCanAdd: (userId: number, who: WhoCanAdd) =>
      transaction(async (trx) => {
        await users.setWhoCanAdd(userId, who, trx);
        await settingsChanged(trx, userId, { who_can_add: who });
      }),

    /**
     * Needs the current password; signs out every other session (their
     * sockets close at once), forgets the account's remembered sign-in
     * devices (a device that signed in with the old password must not keep
     * its way past the per-account sign-in limit) and leaves a notice in the
     * System chat.
     */
    async changePassword(
      userId: number,
      sessionId: number,
      input: { old_password: string; new_password: string },
    ): Promise<void> {
      const row = await rowOf(userId);
      if (!(await verifyPassword(row.password_hash, input.old_password))) {
        throw invalid('old_password', MSG.wrongOldPassword);
      }
      if (deps.serverSettings) {
        await checkPasswordLength(deps.serverSettings, input.new_password, 'new_password');
      }
      await users.setPasswordHash(userId, await hashPassword(input.new_password));
      await deps.sessions.revokeOthers(userId, sessionId);
      await deps.db.deleteFrom('known_devices').where('user_id', '=', userId).execute();
      await deps.postNotice(userId, PASSWORD_CHANGED_MESSAGE_TYPE, MSG.passwordChangedNotice);
    },

    async setSecret(userId: number, secret: string, hint: string | null): Promise<void> {
      // argon2id like passwords: a stolen database does not give passcodes away.
      const hash = await hashPassword(secret);
      // The hint goes along: another device's lock screen shows it.
      await transaction(async (trx) => {
        await users.setSecret(userId, hash, hint, trx);
        await settingsChanged(trx, userId, { secret_exists: true, secret_hint: hint });
      });
    },

    /** True when the passcode is right; the caller answers HTTP 400 otherwise. */
    async checkSecret(userId: number, secret: string): Promise<'ok' | 'wrong' | 'none'> {
      const row = await rowOf(userId);
      if (row.secret_hash === null) return 'none';
      return (await verifyPassword(row.secret_hash, secret)) ? 'ok' : 'wrong';
    },

    /**
     * Deletes an account for inactivity: signs every device out, erases the
     * personal data (see users/queries eraseUser) and tells its contacts.
     */
    async eraseAccount(userId: number): Promise<void> {
      const row = await rowOf(userId);
      await deps.sessions.revokeAll(userId);
      await saveProfile(
        userId,
        { name: 'Deleted account', username: `deleted${userId}`, avatar: null, status: null },
        true,
      );
      const key = row.avatar ? avatarKeyOf(row.avatar) : null;
      if (key) await deps.blobs.delete(key);
    },

    /** Re-encodes the upload, stores it, points the profile at it; the old file goes. */
    async uploadAvatar(userId: number, data: Buffer): Promise<string> {
      let jpeg: Buffer;
      try {
        jpeg = await toAvatarJpeg(data, AVATAR_SIZE_PX);
      } catch (error) {
        if (!(error instanceof ImageRefused)) throw error;
        throw new AvatarRefused(
          422,
          error.reason === 'too_many_pixels' ? MSG.avatarTooManyPixels : MSG.avatarNotImage,
        );
      }
      const previous = (await rowOf(userId)).avatar;
      const blob = await deps.blobs.put('avatars', jpeg);
      const url = avatarUrlOf(blob.key);
      try {
        await saveProfile(userId, { avatar: url });
      } catch (error) {
        await deps.blobs.delete(blob.key);
        throw error;
      }
      const oldKey = previous ? avatarKeyOf(previous) : null;
      if (oldKey) await deps.blobs.delete(oldKey);
      return url;
    },
  };

  /**
   * Hiding takes effect at once: contacts are told the user went offline.
   * Showing again reaches contacts when they next connect (their contact
   * lists are read at connect time and leave hidden users out).
   */
  async function announcePresence(userId: number, visible: boolean): Promise<void> {
    const online = (await deps.presence.online([userId])).has(userId);
    if (!online) return;
    await deps.bus.publish(channels.presence, { user_id: userId, online: visible });
  }
}

export type SettingsService = ReturnType<typeof createSettingsService>;
