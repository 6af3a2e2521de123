import type { WhoCanAdd } from '@parley/protocol/rules/group-consent';
import type { Kysely } from 'kysely';
import { USER_SEARCH_MAX } from '@parley/protocol/constants';
import { MSG } from '@parley/protocol/messages';
import { loginKey, usernameKey } from '@parley/protocol/rules/username';
import type { User } from '@parley/protocol/user';
import type { FieldErrors } from '@parley/protocol/errors';
import { flag } from '../../store/types';
import type { Clock } from '../../clock';
import { HttpError } from '../../http/http-error';
import { isUniqueViolation } from '../../store/dialect';
import type { Database } from '../../store/types';
import * as q from './queries';
import { toUser } from './to-user';

/** Activity is written at most this often per user per node. */
const ACTIVITY_THROTTLE_MS = 60_000;
const ACTIVITY_MAP_LIMIT = 10_000;

export interface NewAccount {
  name: string;
  username: string;
  login: string;
  passwordHash: string;
}

export interface Credentials {
  userId: number;
  usernameKey: string;
  passwordHash: string;
  failedLogins: number;
  /** An admin disabled the account: the right password still gets no session. */
  disabled: boolean;
}

export type Provision = (trx: Kysely<Database>, userId: number) => Promise<void>;

export function createUsersService(db: Kysely<Database>, now: Clock) {
  // userId → when this node last wrote last_active_at. Per node and only a
  // throttle: losing it costs one extra UPDATE, never a wrong answer.
  const lastTouched = new Map<number, number>();

  async function takenErrors(login: string, username: string): Promise<FieldErrors> {
    const taken = await q.takenKeys(db, loginKey(login), usernameKey(username));
    const errors: FieldErrors = {};
    if (taken.login) errors.login = [MSG.loginTaken];
    if (taken.username) errors.username = [MSG.usernameTaken];
    return errors;
  }

  return {
    async getUser(id: number): Promise<User | null> {
      const row = await q.findUserById(db, id);
      return row ? toUser(row) : null;
    },

    /**
     * Creates the account; 422 with loginTaken/usernameTaken when either is in
     * use. `provision` runs in the same transaction (the user's own
     * conversations), so an account never exists without them.
     */
    async createUser(account: NewAccount, provision?: Provision): Promise<number> {
      const early = await takenErrors(account.login, account.username);
      if (Object.keys(early).length > 0) throw new HttpError(422, MSG.validationFailed, early);
      try {
        return await db.transaction().execute(async (trx) => {
          const id = await q.insertUser(trx, {
            name: account.name,
            username: account.username,
            username_key: usernameKey(account.username),
            login: account.login,
            login_key: loginKey(account.login),
            password_hash: account.passwordHash,
            created_at: now().toISOString(),
          });
          await provision?.(trx, id);
          return id;
        });
      } catch (error) {
        // Two registrations raced past the check above; the unique index decided.
        if (!isUniqueViolation(error)) throw error;
        throw new HttpError(
          422,
          MSG.validationFailed,
          await takenErrors(account.login, account.username),
        );
      }
    },

    async findCredentials(login: string): Promise<Credentials | null> {
      const row = await q.findUserByLoginKey(db, loginKey(login));
      if (!row) return null;
      return {
        userId: row.id,
        usernameKey: row.username_key,
        passwordHash: row.password_hash,
        failedLogins: row.failed_logins,
        disabled: row.disabled_at !== null,
      };
    },

    /** Name, username and avatar only: what other users may see. */
    findPublic: async (id: number) => (await q.findPublicById(db, id)) ?? null,
    findPublicByUsername: async (username: string) =>
      (await q.findPublicByUsernameKey(db, usernameKey(username))) ?? null,
    existingIds: (ids: number[]) => q.existingIds(db, ids),
    search: async (selfId: number, text: string) =>
      (await q.searchUsers(db, selfId, text, USER_SEARCH_MAX)).map((u) => ({
        ...u,
        is_bot: flag(u.is_bot),
        is_official: flag(u.is_official),
      })),

    recordFailedLogin: (userId: number) => q.incrementFailedLogins(db, userId),
    resetFailedLogins: (userId: number) => q.resetFailedLogins(db, userId),

    /** The row itself, for the settings service (password and secret hashes included). */
    findRow: async (id: number) => (await q.findUserById(db, id)) ?? null,
    /** `trx`: the caller's transaction (the profile and its events commit together). */
    updateProfile: (id: number, change: q.ProfileChange, trx: Kysely<Database> = db) =>
      q.updateProfile(trx, id, change),
    // `trx` on the settings writes too: each commits with its settings.changed event.
    setFlag: (id: number, column: q.SettingFlag, on: boolean, trx: Kysely<Database> = db) =>
      q.setFlag(trx, id, column, on),
    setPasswordHash: (id: number, hash: string) => q.setPasswordHash(db, id, hash),
    setSecret: (id: number, hash: string, hint: string | null, trx: Kysely<Database> = db) =>
      q.setSecret(trx, id, hash, hint),
    setMaxTimeInactive: (id: number, months: number | null, trx: Kysely<Database> = db) =>
      q.setMaxTimeInactive(trx, id, months),
    setWhoCanAdd: (id: number, who: WhoCanAdd, trx: Kysely<Database> = db) =>
      q.setWhoCanAdd(trx, id, who),
    usernameTakenByOther: (id: number, username: string) =>
      q.usernameTakenByOther(db, id, usernameKey(username)),
    profileAudience: (id: number) => q.profileAudience(db, id),
    inactiveSince: (cutoff: string, limit: number) => q.inactiveSince(db, cutoff, limit),
    markWarned: (id: number, lastActive: string, at: string) =>
      q.markWarned(db, id, lastActive, at),
    eraseUser: (id: number, at: string, trx: Kysely<Database> = db) => q.eraseUser(trx, id, at),

    /** Marks the user active (for inactivity deletion), at most once a minute. */
    async recordActivity(userId: number): Promise<void> {
      const at = now();
      const last = lastTouched.get(userId);
      if (last !== undefined && at.getTime() - last < ACTIVITY_THROTTLE_MS) return;
      if (lastTouched.size >= ACTIVITY_MAP_LIMIT) lastTouched.clear();
      lastTouched.set(userId, at.getTime());
      await q.setLastActive(db, userId, at.toISOString());
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
