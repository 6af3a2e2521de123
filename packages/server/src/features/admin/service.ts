import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  AdminUser,
  AdminUserList,
  AuditAction,
  AuditEntry,
  CreateInviteRequest,
  Invite,
  ResetPasswordReply,
  ServerSettings,
  ServerSettingsPatch,
} from '@parley/protocol/admin';
import { MSG } from '@parley/protocol/messages';
import { loginKey, usernameKey } from '@parley/protocol/rules/username';
import type { Clock } from '../../clock';
import { HttpError } from '../../http/http-error';
import { flag } from '../../store/types';
import type { InviteCodesTable } from '../../store/admin-tables';
import type { Database } from '../../store/types';
import type { Selectable } from 'kysely';
import { hashPassword } from '../auth/passwords';
import type { SessionsService } from '../sessions/service';
import * as q from './queries';
import { checkPasswordLength } from './server-settings';
import type { ServerSettingsStore } from './server-settings';

/**
 * Who acts: an admin through the API, or the operator on the server host
 * (`npm run admin`), who needs no account. Both go through this one service,
 * and both are written to the audit log.
 */
export type Actor = { via: 'web'; userId: number; login: string } | { via: 'console' };
export const CONSOLE: Actor = { via: 'console' };

const notFound = () => new HttpError(404, MSG.userNotFound);
/** Temporary passwords: 12 characters of base64url (72 random bits). */
const temporaryPassword = () => randomBytes(9).toString('base64url');
const inviteCode = () => randomBytes(9).toString('base64url');
const DAY_MS = 86_400_000;

type UserRow = NonNullable<Awaited<ReturnType<typeof q.findAdminUser>>>;

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    login: row.login,
    is_admin: flag(row.is_admin),
    is_bot: flag(row.is_bot),
    is_official: flag(row.is_official),
    disabled: row.disabled_at !== null,
    deleted: row.deleted_at !== null,
    created_at: row.created_at,
    last_active_at: row.last_active_at,
  };
}

export function createAdminService(deps: {
  db: Kysely<Database>;
  now: Clock;
  sessions: SessionsService;
  serverSettings: ServerSettingsStore;
  /** Erases an account the way inactivity deletion does (settings service). */
  eraseAccount: (userId: number) => Promise<void>;
  setPasswordHash: (userId: number, hash: string) => Promise<void>;
}) {
  const { db } = deps;
  const at = () => deps.now().toISOString();

  function toInvite(row: Selectable<InviteCodesTable>): Invite {
    const expired = row.expires_at !== null && row.expires_at <= at();
    const usedUp = row.max_uses !== null && row.uses >= row.max_uses;
    return {
      id: row.id,
      code: row.code,
      created_at: row.created_at,
      created_by: row.created_by,
      expires_at: row.expires_at,
      max_uses: row.max_uses,
      uses: row.uses,
      revoked: row.revoked_at !== null,
      usable: row.revoked_at === null && !expired && !usedUp,
    };
  }

  async function audit(actor: Actor, action: AuditAction, target: string | null, detail?: string) {
    await q.insertAudit(db, {
      actor_id: actor.via === 'web' ? actor.userId : null,
      actor_login: actor.via === 'web' ? actor.login : null,
      via: actor.via,
      action,
      target,
      detail: detail ?? null,
      created_at: at(),
    });
  }

  /** The target user; an admin may not disable, delete or demote their own account. */
  async function target(actor: Actor, id: number, notSelf = false): Promise<UserRow> {
    const row = await q.findAdminUser(db, id);
    if (!row || row.deleted_at !== null) throw notFound();
    if (notSelf && actor.via === 'web' && actor.userId === id) {
      throw new HttpError(403, MSG.adminSelfAction);
    }
    return row;
  }
  const label = (row: UserRow) => `${row.login} (#${row.id})`;
  /** A bot signs in with its token: no password to reset, no admin seat to take. */
  const notBot = (row: UserRow) => {
    if (flag(row.is_bot)) throw new HttpError(403, MSG.adminBotAccount);
  };
  /** The official bot makes everyone's bots; without it nobody could. */
  const notOfficial = (row: UserRow) => {
    if (flag(row.is_official)) throw new HttpError(403, MSG.officialBotProtected);
  };

  return {
    /** Is this signed-in user an administrator, and not disabled? (the route guard) */
    async isAdmin(userId: number): Promise<{ login: string } | null> {
      const row = await q.findAdminUser(db, userId);
      if (!row || !flag(row.is_admin) || row.disabled_at !== null || row.deleted_at !== null) {
        return null;
      }
      return { login: row.login };
    },

    /**
     * The account by its login, or by `@username` (the command line names
     * users so; a bot has no login a person could type).
     */
    async userIdByLogin(login: string): Promise<number> {
      const name = login.trim();
      const byUsername = name.startsWith('@');
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(
          byUsername ? 'username_key' : 'login_key',
          '=',
          byUsername ? usernameKey(name.slice(1)) : loginKey(name),
        )
        .executeTakeFirst();
      if (!row) throw notFound();
      return row.id;
    },

    async listUsers(search: string | undefined, offset: number, limit: number) {
      const { rows, total } = await q.listUsers(db, search, offset, limit);
      return { users: rows.map(toAdminUser), total } satisfies AdminUserList;
    },

    async getUser(id: number): Promise<AdminUser> {
      const row = await q.findAdminUser(db, id);
      if (!row) throw notFound();
      return toAdminUser(row);
    },

    /** No sign-in from now on, and every session (and its sockets) ends at once. */
    async disable(actor: Actor, id: number): Promise<void> {
      const row = await target(actor, id, true);
      notOfficial(row);
      await q.setDisabled(db, id, at());
      await deps.sessions.revokeAll(id);
      await audit(actor, 'user.disable', label(row));
    },

    async enable(actor: Actor, id: number): Promise<void> {
      const row = await target(actor, id);
      await q.setDisabled(db, id, null);
      await audit(actor, 'user.enable', label(row));
    },

    /**
     * The same tombstone as deletion for inactivity: the personal data goes,
     * the row stays as "Deleted account", so others' conversations keep
     * their history and its authors.
     */
    async remove(actor: Actor, id: number): Promise<void> {
      const row = await target(actor, id, true);
      notOfficial(row);
      // Two deletions at once (two admins, a double click): one erases, the
      // other finds the account gone, as if it had come second.
      if (!(await q.claimDeletion(db, id, at()))) throw notFound();
      try {
        await deps.eraseAccount(id);
      } catch (error) {
        await q.releaseDeletion(db, id);
        throw error;
      }
      await audit(actor, 'user.delete', label(row));
    },

    async signOutEverywhere(actor: Actor, id: number): Promise<number> {
      const row = await target(actor, id);
      const count = await deps.sessions.revokeAll(id);
      await audit(actor, 'user.sign_out', label(row), `${count} sessions`);
      return count;
    },

    /**
     * Sets the given password, or a temporary one returned once (never
     * stored in clear, never logged). Every session ends: whoever knew the
     * old password is out.
     */
    async resetPassword(actor: Actor, id: number, password?: string): Promise<ResetPasswordReply> {
      const row = await target(actor, id);
      notBot(row);
      const chosen = password ?? temporaryPassword();
      if (password !== undefined)
        await checkPasswordLength(deps.serverSettings, password, 'password');
      await deps.setPasswordHash(id, await hashPassword(chosen));
      await deps.sessions.revokeAll(id);
      await audit(actor, 'user.reset_password', label(row), password ? 'set' : 'temporary');
      return password ? { status: 'ok' } : { status: 'ok', temporary_password: chosen };
    },

    async setRole(actor: Actor, id: number, isAdmin: boolean): Promise<void> {
      const row = await target(actor, id, !isAdmin);
      if (isAdmin) notBot(row);
      await q.setAdmin(db, id, isAdmin);
      await audit(actor, isAdmin ? 'user.grant_admin' : 'user.revoke_admin', label(row));
    },

    settings: (): Promise<ServerSettings> => deps.serverSettings.get(),

    async changeSettings(actor: Actor, patch: ServerSettingsPatch): Promise<ServerSettings> {
      const before = await deps.serverSettings.get();
      await deps.serverSettings.set(patch);
      // The console sends the whole form: only the values that differ are audited.
      const changed = Object.entries(patch).filter(
        ([key, value]) => value !== undefined && before[key as keyof ServerSettings] !== value,
      );
      if (changed.length > 0) {
        await audit(
          actor,
          'settings.change',
          null,
          changed.map(([k, v]) => `${k}=${String(v)}`).join(', '),
        );
      }
      return deps.serverSettings.get();
    },

    async invites(): Promise<Invite[]> {
      return (await q.listInvites(db)).map(toInvite);
    },

    async createInvite(actor: Actor, input: CreateInviteRequest): Promise<Invite> {
      const days = input.expires_in_days ?? null;
      const id = await q.insertInvite(db, {
        code: inviteCode(),
        created_by: actor.via === 'web' ? actor.login : 'console',
        created_at: at(),
        expires_at: days ? new Date(deps.now().getTime() + days * DAY_MS).toISOString() : null,
        max_uses: input.max_uses ?? null,
      });
      const row = await q.findInvite(db, id);
      if (!row) throw new Error('invite vanished');
      await audit(actor, 'invite.create', `invite #${id}`, describeInvite(input));
      return toInvite(row);
    },

    async revokeInvite(actor: Actor, id: number): Promise<void> {
      if (!(await q.revokeInvite(db, id, at()))) throw new HttpError(404, MSG.inviteNotFound);
      await audit(actor, 'invite.revoke', `invite #${id}`);
    },

    async audit(offset: number, limit: number): Promise<{ entries: AuditEntry[]; total: number }> {
      const { rows, total } = await q.listAudit(db, offset, limit);
      return {
        total,
        entries: rows.map((r) => ({
          id: r.id,
          actor: r.actor_login,
          via: r.via,
          action: r.action as AuditAction,
          target: r.target,
          detail: r.detail,
          at: r.created_at,
        })),
      };
    },
  };
}

function describeInvite(input: CreateInviteRequest): string {
  const parts = [
    input.max_uses ? `max ${input.max_uses} uses` : 'unlimited uses',
    input.expires_in_days ? `expires in ${input.expires_in_days} days` : 'no expiry',
  ];
  return parts.join(', ');
}

export type AdminService = ReturnType<typeof createAdminService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The admin service, for the host command line (admin/cli.ts) and tests. */
    admin: AdminService;
  }
}
