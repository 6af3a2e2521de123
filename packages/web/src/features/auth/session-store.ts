import { create } from 'zustand';
import { hasCredentials } from '../../lib/tokens';

/**
 * Whether a token cookie or refresh token exists: all the route guards need.
 * Kept apart from the sign-in store so the first chunk does not carry the
 * auth forms' schemas (zod) just to decide where to route.
 */
export const useSessionStore = create<{ authenticated: boolean }>()(() => ({
  authenticated: hasCredentials(),
}));

export function setAuthenticated(authenticated: boolean): void {
  useSessionStore.setState({ authenticated });
}
