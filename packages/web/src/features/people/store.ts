import { create } from 'zustand';

// Whose profile panel is open (one at a time), and where focus goes back to
// when it closes.

type PeopleUi = {
  profileId: number | null;
  /** The element that opened the panel: focus returns to it on close. */
  opener: HTMLElement | null;
  openProfile: (userId: number, opener?: HTMLElement | null) => void;
  closeProfile: () => void;
};

export const usePeopleUi = create<PeopleUi>()((set, get) => ({
  profileId: null,
  opener: null,
  openProfile: (userId, opener) =>
    set({
      profileId: userId,
      opener: opener ?? (document.activeElement as HTMLElement | null),
    }),
  closeProfile: () => {
    const { opener } = get();
    set({ profileId: null, opener: null });
    if (opener?.isConnected) opener.focus();
  },
}));
