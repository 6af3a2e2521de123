import { lazy, Suspense, useState } from 'react';
import { create } from 'zustand';

// One conversation menu for the whole chat screen: a list row's right-click
// and the chat header's "⋯" both open it here. The menu itself
// (ConversationMenuPanel) loads when it first opens: the chat's first screen
// does not carry it.

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

const ConversationMenuPanel = lazy(async () => ({
  default: (await import('./ConversationMenuPanel')).ConversationMenuPanel,
}));

export function ConversationMenuHost({ activeId }: { activeId: number | null }) {
  const opened = useConversationMenu((s) => s.menu !== null);
  // Once loaded it stays mounted: its confirmation and folder picker outlive the menu.
  const [wanted, setWanted] = useState(false);
  if (opened && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <ConversationMenuPanel activeId={activeId} />
    </Suspense>
  ) : null;
}
