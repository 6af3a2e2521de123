import { create } from 'zustand';

// One conversation menu for the whole chat screen: a list row's right-click
// and the chat header's "⋯" both open it.

type MenuState = {
  menu: { id: number; x: number; y: number } | null;
  open: (id: number, x: number, y: number) => void;
  close: () => void;
};

export const useConversationMenu = create<MenuState>()((set) => ({
  menu: null,
  open: (id, x, y) => set({ menu: { id, x, y } }),
  close: () => set({ menu: null }),
}));
