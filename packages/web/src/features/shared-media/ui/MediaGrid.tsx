import { useTranslation } from 'react-i18next';
import type { Message } from '@parley/protocol/message';

/**
 * Pictures and videos as a grid of square tiles, newest first (Telegram's
 * Media tab). A picture opens the full-screen viewer; a video, which plays in
 * its bubble, shows its message in the chat.
 */
export function MediaGrid({
  items,
  onPicture,
  onShow,
}: {
  items: Message[];
  onPicture: (message: Message) => void;
  onShow: (message: Message) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="shared-grid" data-testid="shared-media-grid">
      {items.map((m) => {
        const file = m.attached_file;
        if (!file) return null;
        const picture = file.is_image;
        return (
          <li key={m.id}>
            <button
              type="button"
              className="shared-tile"
              onClick={() => (picture ? onPicture(m) : onShow(m))}
              aria-label={
                picture ? m.message || file.name : t('sharedMedia.video', { name: file.name })
              }
              data-testid="shared-media-tile"
            >
              {picture && file.thumbnail_url ? (
                <img src={file.thumbnail_url} alt="" loading="lazy" draggable={false} />
              ) : (
                <span className="shared-tile-video" aria-hidden="true">
                  ▶
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
