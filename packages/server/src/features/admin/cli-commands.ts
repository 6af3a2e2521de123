import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  ADMIN_PAGE_MAX,
  createInviteRequestSchema,
  resetPasswordRequestSchema,
  serverSettingsPatchSchema,
} from '@parley/protocol/admin';
import type { AdminUser, Invite } from '@parley/protocol/admin';
import { isHttpError } from '../../http/http-error';
import { CONSOLE } from './service';
import type { AdminService } from './service';

// `npm run admin -- <command> …` on the server host: the same admin service
// the API calls, acting as the console (recorded so in the audit log). The
// inputs go through the API's own schemas, so both refuse the same values.

export const USAGE = `usage: npm run admin -- <command> [arguments]
  (<login> is an account's login, or @username: a bot is named so)

  grant <login>                 make the account an administrator
  revoke <login>                take the admin role away
  users [search] [--offset N] [--limit N]
                                list accounts (login, username or name contains search)
  disable <login>               no sign-in; every session ends
  enable <login>                undo disable
  delete <login>                erase the account (stays as "Deleted account" in history)
  sign-out <login>              end every session of the account
  reset-password <login> [password]
                                set a password, or print a temporary one
  settings                      show name, registration mode and password minimum
  registration <open|invite|closed>
  password-min <n>              minimum password length (5 or more)
  name <text>                   the server's name, shown on the login page
  invite [--uses N] [--days N]  issue an invite code
  invites                       list invite codes
  revoke-invite <id>            revoke an invite code
  audit [--offset N] [--limit N]
                                the audit log, newest first`;

/** A refusal the operator should read: printed without a stack, exit code 2. */
export class UsageError extends Error {}

const count = z.coerce.number<number>().int().min(0);

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new UsageError(result.error.issues.map((i) => i.message).join('; '));
  }
  return result.data;
}

const userLine = (u: AdminUser) =>
  [
    `#${u.id}`,
    u.login,
    `@${u.username}`,
    JSON.stringify(u.name),
    u.is_official ? 'official bot' : u.is_bot ? 'bot' : '',
    u.is_admin ? 'admin' : '',
    u.disabled ? 'disabled' : '',
    u.deleted ? 'deleted' : '',
  ]
    .filter(Boolean)
    .join('  ');

const inviteLine = (i: Invite) =>
  [
    `#${i.id}`,
    i.code,
    `uses ${i.uses}/${i.max_uses ?? '∞'}`,
    i.expires_at ? `expires ${i.expires_at}` : 'no expiry',
    i.revoked ? 'revoked' : i.usable ? 'usable' : 'used up or expired',
  ].join('  ');

/** Runs one command; `print` gets each line of output. */
export async function runAdminCommand(
  admin: AdminService,
  argv: string[],
  print: (line: string) => void,
): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      offset: { type: 'string' },
      limit: { type: 'string' },
      uses: { type: 'string' },
      days: { type: 'string' },
    },
  });
  const [command, ...rest] = positionals;
  const arg = (name: string): string => {
    const value = rest[0];
    if (value === undefined || value === '') throw new UsageError(`${command}: missing <${name}>`);
    return value;
  };
  const userId = () => admin.userIdByLogin(arg('login'));
  const page = () => ({
    offset: parse(count, values.offset ?? 0),
    limit: Math.min(parse(count, values.limit ?? 50), ADMIN_PAGE_MAX) || 50,
  });

  switch (command) {
    case 'grant':
    case 'revoke':
      await admin.setRole(CONSOLE, await userId(), command === 'grant');
      print(
        `${rest[0]}: ${command === 'grant' ? 'is now an administrator' : 'is no longer an administrator'}`,
      );
      return;
    case 'users': {
      const { offset, limit } = page();
      const list = await admin.listUsers(rest[0], offset, limit);
      list.users.forEach((u) => print(userLine(u)));
      print(`${list.users.length} of ${list.total}`);
      return;
    }
    case 'disable':
      await admin.disable(CONSOLE, await userId());
      print(`${rest[0]}: disabled, every session ended`);
      return;
    case 'enable':
      await admin.enable(CONSOLE, await userId());
      print(`${rest[0]}: enabled`);
      return;
    case 'delete':
      await admin.remove(CONSOLE, await userId());
      print(`${rest[0]}: deleted`);
      return;
    case 'sign-out':
      print(`${rest[0]}: ${await admin.signOutEverywhere(CONSOLE, await userId())} sessions ended`);
      return;
    case 'reset-password': {
      const { password } = parse(resetPasswordRequestSchema, { password: rest[1] });
      const reply = await admin.resetPassword(CONSOLE, await userId(), password);
      print(
        reply.temporary_password
          ? `${rest[0]}: temporary password ${reply.temporary_password}`
          : `${rest[0]}: password set`,
      );
      return;
    }
    case 'settings':
    case 'registration':
    case 'password-min':
    case 'name': {
      const patch =
        command === 'registration'
          ? { registration_mode: arg('open|invite|closed') }
          : command === 'password-min'
            ? { password_min_length: Number(arg('n')) }
            : command === 'name'
              ? { name: rest.join(' ') }
              : {};
      const settings = await admin.changeSettings(CONSOLE, parse(serverSettingsPatchSchema, patch));
      print(`name: ${settings.name}`);
      print(`registration: ${settings.registration_mode}`);
      print(`password minimum: ${settings.password_min_length}`);
      return;
    }
    case 'invite': {
      const input = parse(createInviteRequestSchema, {
        max_uses: values.uses === undefined ? null : Number(values.uses),
        expires_in_days: values.days === undefined ? null : Number(values.days),
      });
      print(inviteLine(await admin.createInvite(CONSOLE, input)));
      return;
    }
    case 'invites':
      (await admin.invites()).forEach((i) => print(inviteLine(i)));
      return;
    case 'revoke-invite':
      await admin.revokeInvite(CONSOLE, parse(count, arg('id')));
      print(`invite #${rest[0]}: revoked`);
      return;
    case 'audit': {
      const { offset, limit } = page();
      const log = await admin.audit(offset, limit);
      for (const e of log.entries) {
        print(
          [e.at, e.actor ?? '(console)', e.action, e.target ?? '', e.detail ?? '']
            .filter(Boolean)
            .join('  '),
        );
      }
      print(`${log.entries.length} of ${log.total}`);
      return;
    }
    default:
      throw new UsageError(command ? `unknown command: ${command}\n\n${USAGE}` : USAGE);
  }
}

/** The text an operator sees for a refusal from the service (the API's own message). */
export function refusalText(error: unknown): string | null {
  if (error instanceof UsageError) return error.message;
  // node:util parseArgs: an unknown or malformed --option.
  if (
    error instanceof TypeError &&
    String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')
  ) {
    return `${error.message}\n\n${USAGE}`;
  }
  if (!isHttpError(error)) return null;
  const fields = Object.values(error.errors ?? {}).flat();
  return [error.message, ...fields].join(' — ');
}
