import { create } from 'zustand';

// Each admin action adds a line to the audit log: panels bump this counter
// and the audit panel reloads when it changes.
export const useAdminRefresh = create<{ tick: number; bump: () => void }>()((set) => ({
  tick: 0,
  bump: () => set((s) => ({ tick: s.tick + 1 })),
}));
