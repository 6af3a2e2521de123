import { create } from 'zustand';
import type { User } from '@parley/protocol/user';
import { settingsFieldsSchema } from '@parley/protocol/realtime';
import type { SettingsChangedPayload, UserUpdatedPayload } from '@parley/protocol/realtime';
import { useAuthStore } from '../auth/store';
import { useLock } from './lock';

// UI state of the settings panel (which section is open), and the one way
// settings change the signed-in user in memory.

export const SECTIONS = [
  'profile',
  'privacy',
  'security',
  'notifications',
  'sessions',
  'language',
] as const;
export type Section = (typeof SECTIONS)[number];

type SettingsUi = {
  /** null: closed. */
  section: Section | null;
  /** Phone width shows the list of sections first, then one section. */
  showList: boolean;
  open: (section?: Section) => void;
  pick: (section: Section) => void;
  back: () => void;
  close: () => void;
};

export const useSettingsUi = create<SettingsUi>()((set) => ({
  section: null,
  showList: true,
  open: (section = 'profile') => set({ section, showList: true }),
  pick: (section) => set({ section, showList: false }),
  back: () => set({ showList: true }),
  close: () => set({ section: null, showList: true }),
}));

/** Applies a change to the signed-in user (after a settings call succeeded). */
export function patchUser(change: Partial<User>): void {
  const user = useAuthStore.getState().user;
  if (user) useAuthStore.setState({ user: { ...user, ...change } });
}

/** Our own profile changed in another tab or device (a user.updated event about us). */
export function applyOwnProfile(payload: UserUpdatedPayload, ownId: number | null): void {
  if (ownId === null || payload.user_id !== ownId) return;
  patchUser({
    name: payload.name,
    username: payload.username,
    avatar: payload.avatar,
    status: payload.status,
  });
}

/**
 * Our own settings changed on another device or tab (or this one: the echo
 * of its own call, which changes nothing). The settings screen reads the
 * user from the auth store, so an open one follows. Paranoid mode switched
 * on elsewhere locks this tab at once: whoever sits here has not shown the
 * passcode since.
 */
export function applyOwnSettings(payload: SettingsChangedPayload): void {
  const user = useAuthStore.getState().user;
  // Only the settings this version knows: the schema drops a newer server's extras.
  const change = settingsFieldsSchema.safeParse(payload);
  if (!user || !change.success) return;
  if (change.data.paranoid === true && !user.paranoid) useLock.getState().lock();
  patchUser(change.data);
}
