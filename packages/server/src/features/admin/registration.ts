import type { Kysely } from 'kysely';
import { MSG } from '@parley/protocol/messages';
import type { Clock } from '../../clock';
import { HttpError } from '../../http/http-error';
import type { Database } from '../../store/types';
import * as q from './queries';
import { checkPasswordLength } from './server-settings';
import type { ServerSettingsStore } from './server-settings';

/**
 * Who may register, by the admin's registration mode (docs/ADMIN.md), and
 * the first account of an install made its administrator. The auth service
 * runs every registration through `admit`.
 */
export function createRegistrationGate(deps: {
  db: Kysely<Database>;
  now: Clock;
  serverSettings: ServerSettingsStore;
}) {
  const { db } = deps;
  return {
    /**
     * Runs `create` if the mode lets it: closed → 403; invite → a usable code
     * is claimed first (one conditional UPDATE, so a code's last use goes to
     * one registration) and given back if the registration fails.
     */
    async admit<T>(
      input: { password: string; invite_code?: string | undefined },
      create: () => Promise<T>,
    ): Promise<T> {
      const { registration_mode } = await deps.serverSettings.get();
      if (registration_mode === 'closed') throw new HttpError(403, MSG.registrationClosed);
      await checkPasswordLength(deps.serverSettings, input.password, 'password');
      if (registration_mode === 'open') return create();
      const code = input.invite_code?.trim() ?? '';
      if (code === '') {
        throw new HttpError(422, MSG.validationFailed, { invite_code: [MSG.inviteCodeRequired] });
      }
      if (!(await q.claimInvite(db, code, deps.now().toISOString()))) {
        throw new HttpError(422, MSG.validationFailed, { invite_code: [MSG.inviteCodeInvalid] });
      }
      try {
        return await create();
      } catch (error) {
        await q.releaseInvite(db, code);
        throw error;
      }
    },

    /**
     * Inside the registration's transaction: the install's first account
     * administers it. (Two first registrations racing on PostgreSQL may both
     * see the other and neither become admin; `npm run admin -- grant`
     * settles that.)
     */
    async firstAccount(trx: Kysely<Database>, userId: number): Promise<void> {
      if (await q.isOnlyPerson(trx, userId)) await q.setAdmin(trx, userId, true);
    },
  };
}

export type RegistrationGate = ReturnType<typeof createRegistrationGate>;
