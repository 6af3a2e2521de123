import { Suspense, useState } from 'react';
import { create } from 'zustand';
import { lazyPage } from '../../lib/lazy';

// One conversation menu for the whole chat screen: a list row's right-click
// and the chat header's "⋯" both open it here.

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

// The menu, folder picker and confirmations load with the first menu, not
// with the chat screen.
const ConversationMenuLayer = lazyPage(
  () => import('./ConversationMenuLayer'),
  'ConversationMenuLayer',
);

export function ConversationMenuHost({ activeId }: { activeId: number | null }) {
  const opened = useConversationMenu((s) => s.menu !== null);
  // Once mounted the layer stays: its folder picker and confirmation outlive
  // the menu that opened them.
  const [mounted, setMounted] = useState(false);
  if (opened && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <ConversationMenuLayer activeId={activeId} />
    </Suspense>
  ) : null;
}
