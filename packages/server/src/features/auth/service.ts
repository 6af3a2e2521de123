import type { z } from 'zod';
import { VERIFY_USERNAME_AFTER_FAILURES } from '@parley/protocol/constants';
import type {
  LoginReply,
  loginRequestSchema,
  registerRequestSchema,
  TokenPair,
} from '@parley/protocol/auth';
import type { SignInNotice } from '@parley/protocol/message';
import { MSG } from '@parley/protocol/messages';
import { parseUserAgent } from '@parley/protocol/rules/user-agent';
import { usernameKey } from '@parley/protocol/rules/username';
import { HttpError } from '../../http/http-error';
import { deviceName } from '../sessions/device';
import type { ClientInfo, SessionsService, SessionTokens } from '../sessions/service';
import type { Provision, UsersService } from '../users/service';
import { burnVerification, hashPassword, verifyPassword } from './passwords';
import type { AccessTokens } from './tokens';

/** A registration as the route parsed it. */
export type RegisterInput = z.output<typeof registerRequestSchema>;
/** A sign-in as the route parsed it (`username` answers verify_username). */
export type LoginInput = z.output<typeof loginRequestSchema>;

/**
 * Who may register and who becomes the first admin (admin/registration.ts
 * implements it; declared here so auth does not depend on the admin feature).
 */
export interface RegistrationGate {
  admit<T>(input: RegisterInput, create: () => Promise<T>): Promise<T>;
  firstAccount: Provision;
}

const invalidCredentials = () =>
  new HttpError(422, MSG.validationFailed, { login: [MSG.invalidCredentials] });

/**
 * Sign-up, sign-in, token refresh and sign-out. Works through the users and
 * sessions services; owns no table itself.
 */
export function createAuthService(
  users: UsersService,
  sessions: SessionsService,
  tokens: AccessTokens,
  /** Creates what every new account owns (its Saved Messages and System chats). */
  provision?: Provision,
  /** After each successful sign-in (not a refresh): the System chat's notice. */
  onSignIn?: (userId: number, notice: Omit<SignInNotice, 'at'>) => Promise<void>,
  /** The registration mode and the first-account admin (admin/registration.ts); open without it. */
  registration?: RegistrationGate,
) {
  async function tokenPair(s: SessionTokens): Promise<TokenPair> {
    return {
      access_token: await tokens.sign({ userId: s.userId, sessionId: s.sessionId }),
      refresh_token: s.refreshToken,
      token_type: 'Bearer',
      expires_in: tokens.ttlSeconds,
    };
  }

  return {
    async register(input: RegisterInput): Promise<void> {
      const create = async () =>
        users.createUser(
          {
            name: input.name,
            username: input.username,
            login: input.login,
            passwordHash: await hashPassword(input.password),
          },
          async (trx, id) => {
            await provision?.(trx, id);
            await registration?.firstAccount(trx, id);
          },
        );
      await (registration ? registration.admit(input, create) : create());
    },

    /**
     * The verify_username rule. After VERIFY_USERNAME_AFTER_FAILURES (3)
     * consecutive wrong passwords on an account, a correct password alone is
     * not enough: the reply is {status:'verify_username'} and the client asks
     * for the account's username, then repeats the sign-in with it. Someone
     * who guessed or phished a password rarely also knows the username,
     * while the owner does. A username that does not match (compared without
     * case, leading @ already stripped by the schema) is a 422 on the
     * username field. Whenever a username is sent it must match, even below
     * the threshold. A successful sign-in resets the counter; a wrong
     * password increments it. Wrong and unknown logins get the same answer
     * and take the same time.
     */
    /** The account a sign-in names, if any (the remembered-device check before the limit). */
    async accountOf(login: string): Promise<number | null> {
      return (await users.findCredentials(login))?.userId ?? null;
    },

    /** `signedIn` runs once the sign-in succeeded, before the reply (remembers the device). */
    async login(
      input: LoginInput,
      client: ClientInfo,
      signedIn?: (userId: number) => Promise<void>,
    ): Promise<LoginReply> {
      const account = await users.findCredentials(input.login);
      if (!account) {
        await burnVerification(input.password);
        throw invalidCredentials();
      }
      if (!(await verifyPassword(account.passwordHash, input.password))) {
        await users.recordFailedLogin(account.userId);
        throw invalidCredentials();
      }
      // Only after the right password: a disabled account is not confirmed to strangers.
      if (account.disabled) throw new HttpError(403, MSG.accountDisabled);
      const username = input.username ? usernameKey(input.username) : '';
      if (username !== '' && username !== account.usernameKey) {
        throw new HttpError(422, MSG.validationFailed, { username: [MSG.usernameMismatch] });
      }
      if (username === '' && account.failedLogins >= VERIFY_USERNAME_AFTER_FAILURES) {
        return { status: 'verify_username' };
      }
      await users.resetFailedLogins(account.userId);
      const session = await sessions.start(account.userId, client);
      // An admin may have disabled the account since it was read above. A
      // disable sets the flag, then ends every session: either this read sees
      // the flag, or that revocation comes after the session just started.
      if ((await users.findCredentials(input.login))?.disabled) {
        await sessions.revoke(account.userId, session.sessionId);
        throw new HttpError(403, MSG.accountDisabled);
      }
      await signedIn?.(account.userId);
      await onSignIn?.(account.userId, {
        device: deviceName(client.userAgent),
        ...parseUserAgent(client.userAgent),
        ip: client.ip,
      });
      return tokenPair(session);
    },

    async refresh(refreshToken: string): Promise<TokenPair> {
      return tokenPair(await sessions.rotate(refreshToken));
    },

    async logout(userId: number, sessionId: number): Promise<void> {
      await sessions.revoke(userId, sessionId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
