import type { Message } from '@parley/protocol/message';
import { publisherIdentity } from '@parley/protocol/rules/conversation-info';
import { useAuthStore } from '../auth/store';
import { useConversationStore } from '../conversations/store';
import type { GalleryItem } from './ui/MediaViewer';

/**
 * The pictures among messages, in the order given: what the full-screen
 * viewer steps through. A channel's pictures are the channel's (its
 * publishing identity, as in the history), not their poster's; one's own
 * stay one's own.
 */
export function galleryOf(messages: readonly Message[] | undefined): GalleryItem[] {
  const ownId = useAuthStore.getState().user?.id ?? null;
  const byId = useConversationStore.getState().byId;
  return (messages ?? []).flatMap((m) => {
    if (!m.attached_file?.is_image) return [];
    const conversation = byId[m.conversation_id];
    const channel = conversation ? publisherIdentity(conversation) : null;
    const signed = channel && m.user_id !== ownId ? (channel.name ?? '') : null;
    return [
      {
        messageId: m.id,
        file: m.attached_file,
        caption: m.message,
        sender: signed ?? m.sender?.name ?? null,
        createdAt: m.created_at,
      },
    ];
  });
}
