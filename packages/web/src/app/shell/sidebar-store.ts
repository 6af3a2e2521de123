import { create } from 'zustand';
import { readSidebarCollapsed, writeSidebarCollapsed } from '../../lib/storage';

// Spec 3 "sidebar flag": the collapsed sidebar survives reloads (localStorage `sidebar`).

type SidebarState = {
  collapsed: boolean;
  toggle: () => void;
};

export const useSidebarStore = create<SidebarState>()((set, get) => ({
  collapsed: readSidebarCollapsed(),
  toggle: () => {
    const collapsed = !get().collapsed;
    writeSidebarCollapsed(collapsed);
    set({ collapsed });
  },
}));
