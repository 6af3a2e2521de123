import { useTranslation } from 'react-i18next';
import type { MessageRef } from '@parley/protocol/message';
import { refText } from '../../conversations/list-item';
import { useFormat } from '../../../lib/format-loader';

/** Under the chat header: the pinned message; click jumps to it, × unpins. */
export function PinnedBar({
  pinned,
  timeZone,
  onOpen,
  onUnpin,
}: {
  pinned: MessageRef;
  timeZone: string | null;
  onOpen: () => void;
  onUnpin: () => void;
}) {
  const { t } = useTranslation();
  useFormat(); // the text loses its markers once the parser has loaded
  return (
    <div className="pinned-bar" data-testid="pinned-bar">
      <button type="button" className="pinned-bar-open" onClick={onOpen}>
        <span className="pinned-bar-label">{t('messages.pinned')}</span>
        <span className="pinned-bar-text" data-testid="pinned-text">
          {refText(pinned, t, timeZone)}
        </span>
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={t('messages.unpin')}
        title={t('messages.unpin')}
        onClick={onUnpin}
        data-testid="pinned-unpin"
      >
        ×
      </button>
    </div>
  );
}
