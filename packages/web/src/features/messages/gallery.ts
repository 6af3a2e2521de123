import type { Message } from '@parley/protocol/message';
import { shownSenderName } from './shown-sender';
import type { GalleryItem } from './ui/MediaViewer';

/**
 * The pictures among messages, in the order given: what the full-screen
 * viewer steps through, each under the name it is shown by (a channel's
 * post under the channel's).
 */
export function galleryOf(messages: readonly Message[] | undefined): GalleryItem[] {
  return (messages ?? []).flatMap((m) =>
    m.attached_file?.is_image
      ? [
          {
            messageId: m.id,
            file: m.attached_file,
            caption: m.message,
            sender: shownSenderName(m),
            createdAt: m.created_at,
          },
        ]
      : [],
  );
}
