import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';

// The shared media tabs for the panels that show them (a group's or channel's
// info, a person's profile). Handed to those features from here, the
// composition root, because the tabs build on the messages feature, which
// itself imports the groups feature: a direct import would close a loop.
// A chunk of its own, loaded when a panel first shows it.

const SharedMediaSection = lazy(async () => ({
  default: (await import('../../features/shared-media/SharedMediaSection')).SharedMediaSection,
}));

export type SharedMediaSlot = (conversationId: number, onShown: () => void) => ReactNode;

export const sharedMediaSlot: SharedMediaSlot = (conversationId, onShown) => (
  <Suspense fallback={null}>
    <SharedMediaSection key={conversationId} conversationId={conversationId} onShown={onShown} />
  </Suspense>
);
