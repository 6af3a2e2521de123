import type { Message } from '@parley/protocol/message';
import type { GalleryItem } from './ui/MediaViewer';

/** The pictures among messages, in the order given: what the full-screen viewer steps through. */
export function galleryOf(messages: readonly Message[] | undefined): GalleryItem[] {
  return (messages ?? []).flatMap((m) =>
    m.attached_file?.is_image
      ? [
          {
            messageId: m.id,
            file: m.attached_file,
            caption: m.message,
            sender: m.sender?.name ?? null,
            createdAt: m.created_at,
          },
        ]
      : [],
  );
}
