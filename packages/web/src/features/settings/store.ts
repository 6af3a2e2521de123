import { create } from 'zustand';
import type { User } from '@parley/protocol/user';
import { userCan } from '@parley/protocol/user';
import { ADMIN_PERMISSION } from '@parley/protocol/constants';
import type { ConversationEventFrame, UserEventFrame } from '@parley/protocol/realtime';
import { applySelfFrame } from '@parley/protocol/sync/self';
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
  'bots',
  'language',
  'appearance',
  'admin',
] as const;
export type Section = (typeof SECTIONS)[number];

/** The sections this user is offered: Administration only to administrators. */
export function sectionsFor(user: User | null): Section[] {
  return SECTIONS.filter((s) => s !== 'admin' || userCan(user, ADMIN_PERMISSION));
}

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

/**
 * A realtime event about the signed-in user (protocol sync/self.ts): our own
 * profile changed in another tab or device (user.updated about us), or our
 * settings did (settings.changed; on this device too: the echo of its own
 * call changes nothing). The settings screen reads the user from the auth
 * store, so an open one follows. Paranoid mode switched on elsewhere locks
 * this tab at once: whoever sits here has not shown the passcode since.
 */
export function applySelf(frame: ConversationEventFrame | UserEventFrame): void {
  const user = useAuthStore.getState().user;
  if (!user) return;
  const next = applySelfFrame(user, frame);
  if (next === user) return;
  if (next.paranoid && !user.paranoid) useLock.getState().lock();
  useAuthStore.setState({ user: next });
}
