import type { Kysely } from 'kysely';
import type { RegistrationMode, ServerSettings, ServerSettingsPatch } from '@parley/protocol/admin';
import { REGISTRATION_MODES } from '@parley/protocol/admin';
import { PASSWORD_MIN_LENGTH } from '@parley/protocol/constants';
import { MSG } from '@parley/protocol/messages';
import { HttpError } from '../../http/http-error';
import type { Database } from '../../store/types';

// Server-wide settings an admin changes at run time, stored one row per key
// in server_settings. Read from the database on every use (one tiny table,
// a primary-key read): every node of a cluster sees a change at once, with
// no cache to invalidate.

export const SERVER_SETTING_DEFAULTS: ServerSettings = {
  name: 'Parley',
  registration_mode: 'open',
  password_min_length: PASSWORD_MIN_LENGTH,
};

const isMode = (value: string): value is RegistrationMode =>
  (REGISTRATION_MODES as readonly string[]).includes(value);

export function createServerSettings(db: Kysely<Database>) {
  return {
    async get(): Promise<ServerSettings> {
      const rows = await db.selectFrom('server_settings').selectAll().execute();
      const stored = new Map(rows.map((r) => [r.key, r.value]));
      const mode = stored.get('registration_mode') ?? '';
      const min = Number(stored.get('password_min_length'));
      return {
        name: stored.get('name') || SERVER_SETTING_DEFAULTS.name,
        registration_mode: isMode(mode) ? mode : SERVER_SETTING_DEFAULTS.registration_mode,
        // Never below the spec's 5, whatever the row says.
        password_min_length: Number.isInteger(min)
          ? Math.max(min, PASSWORD_MIN_LENGTH)
          : SERVER_SETTING_DEFAULTS.password_min_length,
      };
    },

    async set(patch: ServerSettingsPatch): Promise<void> {
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined) continue;
        await db
          .insertInto('server_settings')
          .values({ key, value: String(value) })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(value) }))
          .execute();
      }
    },
  };
}

export type ServerSettingsStore = ReturnType<typeof createServerSettings>;

/**
 * 422 on `field` when a password is shorter than the configured minimum.
 * The schemas already hold the spec's 5 with the spec's own message; this
 * adds the server's longer minimum, when an admin set one.
 */
export async function checkPasswordLength(
  settings: ServerSettingsStore,
  password: string,
  field: string,
): Promise<void> {
  const { password_min_length } = await settings.get();
  if (password.length < password_min_length) {
    throw new HttpError(422, MSG.validationFailed, { [field]: [MSG.passwordBelowServerMinimum] });
  }
}
