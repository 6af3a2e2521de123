import { create } from 'zustand';
import { isVerifyUsername, loginRequestSchema, registerRequestSchema } from '@parley/protocol/auth';
import type { LoginRequest, RegisterRequest } from '@parley/protocol/auth';
import type { User } from '@parley/protocol/user';
import { clearAccessToken, saveTokens } from '../../lib/tokens';
import { fetchUser, loginCall, registerCall } from './api';
import { adoptBrowserTimeZone } from './browser-time-zone';
import { replyErrors, schemaErrors } from './form-errors';
import type { FormErrors } from './form-errors';
import { setAuthenticated, useSessionStore } from './session-store';

// Auth state (spec 4): this store, session-store.ts and logout.ts are the
// auth feature's public surface; other features read the user from here.

type Credentials = { login: string; password: string };

export type AuthState = {
  /** A sign-in or registration request is running. */
  loading: boolean;
  user: User | null;
  /** The login reply was verify_username: ask for the username too. */
  verifyUsername: boolean;
  /** The credentials waiting for that username (memory only, never stored). */
  pending: Credentials | null;
  loginErrors: FormErrors;
  registerErrors: FormErrors;
  login: (input: LoginRequest) => Promise<boolean>;
  register: (input: RegisterRequest) => Promise<boolean>;
  loadUser: () => Promise<void>;
  /** Refreshes the login state: hides the username prompt and clears errors. */
  resetLogin: () => void;
  /** Called by logout once credentials are gone. */
  signedOut: () => void;
};

const LOGIN_FIELDS = ['login', 'password', 'username'] as const;
const REGISTER_FIELDS = ['name', 'username', 'login', 'password', 'invite_code'] as const;

const idle = {
  loading: false,
  user: null,
  verifyUsername: false,
  pending: null,
  loginErrors: {},
  registerErrors: {},
} satisfies Partial<AuthState>;

export const useAuthStore = create<AuthState>()((set, get) => {
  /**
   * Signs in. `beforeEntering` runs with the new tokens saved, before the
   * user is fetched and the app moves on to the chat, so what it changes
   * is already in that first GET /user.
   */
  const signIn = async (
    input: LoginRequest,
    beforeEntering?: () => Promise<void>,
  ): Promise<boolean> => {
    const parsed = loginRequestSchema.safeParse(input);
    if (!parsed.success) {
      set({ loginErrors: schemaErrors(parsed.error) });
      return false;
    }
    set({ loading: true, loginErrors: {} });
    try {
      const reply = await loginCall(parsed.data);
      if (isVerifyUsername(reply)) {
        set({
          loading: false,
          verifyUsername: true,
          pending: { login: input.login, password: input.password },
        });
        return false;
      }
      saveTokens(reply);
      await beforeEntering?.();
      // A failing GET /user lands in the shared error list; the sign-in itself worked.
      const user = await fetchUser().catch(() => null);
      set({ ...idle, user });
      setAuthenticated(true);
      return true;
    } catch (error) {
      clearAccessToken();
      set({ loading: false, loginErrors: replyErrors(error, LOGIN_FIELDS, 'login') });
      return false;
    }
  };

  return {
    ...idle,

    login: (input) => signIn(input),

    register: async (input) => {
      const parsed = registerRequestSchema.safeParse(input);
      if (!parsed.success) {
        set({ registerErrors: schemaErrors(parsed.error) });
        return false;
      }
      set({ loading: true, registerErrors: {} });
      try {
        await registerCall(parsed.data);
      } catch (error) {
        set({ loading: false, registerErrors: replyErrors(error, REGISTER_FIELDS, 'name') });
        return false;
      }
      // Spec 4: a registration without errors logs in at once. The new
      // account takes the browser's timezone (the server starts it at UTC).
      const ok = await signIn(
        { login: parsed.data.login, password: input.password },
        adoptBrowserTimeZone,
      );
      if (!ok && !get().verifyUsername) {
        const first = Object.values(get().loginErrors)[0];
        set({ loading: false, registerErrors: first ? { name: first } : {} });
      }
      return ok;
    },

    loadUser: async () => {
      if (!useSessionStore.getState().authenticated) return;
      try {
        const user = await fetchUser();
        set({ user });
      } catch {
        // Already reported (error list) or handled (401 → logout).
      }
    },

    resetLogin: () =>
      set({ verifyUsername: false, pending: null, loginErrors: {}, registerErrors: {} }),

    signedOut: () => {
      set(idle);
      setAuthenticated(false);
    },
  };
});
