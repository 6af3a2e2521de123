import { Suspense, useState } from 'react';
import { lazyPage } from '../../lib/lazy';
import { useConversationMenu } from './conversation-menu-store';

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
