import { create } from 'zustand';

// Local UI state of the groups feature: which create screen or info panel
// is open, and a per-conversation counter the realtime layer bumps on
// membership events so an open panel knows to fetch its member list again.

type GroupUi = {
  creating: 'group' | 'channel' | null;
  infoId: number | null;
  /** Conversation id → how many member.* / conversation.info events arrived. */
  memberEvents: Record<number, number>;
  /** Conversations the user was removed or blocked from while the app ran. */
  removed: Record<number, 'removed' | 'blocked'>;
  create: (kind: 'group' | 'channel') => void;
  openInfo: (id: number) => void;
  close: () => void;
  bumpMembers: (id: number) => void;
  noteRemoved: (id: number, status: 'removed' | 'blocked' | null) => void;
};

export const useGroupUi = create<GroupUi>()((set) => ({
  creating: null,
  infoId: null,
  memberEvents: {},
  removed: {},
  create: (kind) => set({ creating: kind, infoId: null }),
  openInfo: (id) => set({ infoId: id, creating: null }),
  close: () => set({ creating: null, infoId: null }),
  bumpMembers: (id) =>
    set((s) => ({ memberEvents: { ...s.memberEvents, [id]: (s.memberEvents[id] ?? 0) + 1 } })),
  noteRemoved: (id, status) =>
    set((s) => {
      const removed = { ...s.removed };
      if (status) removed[id] = status;
      else delete removed[id];
      return { removed };
    }),
}));
