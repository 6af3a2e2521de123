import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { useConversationStore } from '../conversations/store';
import { useGroupUi } from './store';
import './groups.css';

// The chat shell mounts this: the create screens and the info panel, each a
// chunk of its own that loads when first opened.
const CreateScreen = lazy(async () => ({
  default: (await import('./CreateScreen')).CreateScreen,
}));
const InfoScreen = lazy(async () => ({ default: (await import('./InfoScreen')).InfoScreen }));

/** The shared media tabs, given by the composition root (app/shell/shared-media-slot.tsx). */
export type SharedMediaRender = (conversationId: number, onShown: () => void) => ReactNode;

export function GroupsHost({ sharedMedia }: { sharedMedia?: SharedMediaRender }) {
  const creating = useGroupUi((s) => s.creating);
  const infoId = useGroupUi((s) => s.infoId);
  const close = useGroupUi((s) => s.close);
  const info = useConversationStore((s) => (infoId === null ? undefined : s.byId[infoId]));
  const managed = info && (info.is_group || info.is_channel) ? info : null;
  return (
    <Suspense fallback={null}>
      {creating ? <CreateScreen kind={creating} onClose={close} /> : null}
      {managed ? (
        <InfoScreen key={managed.id} conversation={managed} sharedMedia={sharedMedia} />
      ) : null}
    </Suspense>
  );
}
