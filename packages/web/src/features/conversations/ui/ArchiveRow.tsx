import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import './archive.css';

/** The archive's picture: a box with a lid, on the muted colour. */
export function ArchiveIcon({ size }: { size: number }) {
  return (
    <span className="archive-icon" style={{ width: size, height: size }} aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="55%"
        height="55%"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.9"
        strokeLinejoin="round"
        strokeLinecap="round"
      >
        <path d="M3.5 5h17v4h-17z" />
        <path d="M5 9v10h14V9M10 13h4" />
      </svg>
    </span>
  );
}

/**
 * Presentational: the "Hidden chats" row at the top of the list (Telegram's
 * archive row). The names of the hidden chats as its preview, and how many
 * of them have something unread as a muted badge: they are not in the global
 * count (protocol rules/archive.ts).
 */
export function ArchiveRow({
  names,
  unreadChats,
  onOpen,
  ref,
}: {
  names: string[];
  unreadChats: number;
  onOpen: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  const title = t('conversations.archive.title');
  const unread = t('conversations.archive.unread', { count: unreadChats });
  return (
    <div className="conv-item archive-item">
      <button
        ref={ref}
        type="button"
        className="conv-row archive-row"
        onClick={onOpen}
        aria-label={unreadChats > 0 ? `${title}, ${unread}` : title}
        data-testid="archive-row"
      >
        <ArchiveIcon size={48} />
        <span className="conv-main">
          <span className="conv-top">
            <span className="conv-title">{title}</span>
          </span>
          <span className="conv-bottom">
            <span className="conv-preview" data-testid="archive-names">
              {names.join(', ')}
            </span>
            {unreadChats > 0 ? (
              <span className="conv-badge is-muted" title={unread} data-testid="archive-unread">
                {unreadChats}
              </span>
            ) : null}
          </span>
        </span>
      </button>
    </div>
  );
}

/** Presentational: the archive's header in place of the folder tabs, with the way back. */
export function ArchiveHeader({
  onBack,
  backRef,
}: {
  onBack: () => void;
  backRef?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  return (
    <div className="archive-header" data-testid="archive-header">
      <button
        ref={backRef}
        type="button"
        className="icon-button"
        onClick={onBack}
        aria-label={t('chat.backToList')}
        title={t('chat.backToList')}
        data-testid="archive-back"
      >
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M19 12H5m6-6-6 6 6 6" />
        </svg>
      </button>
      <h2 className="archive-title">{t('conversations.archive.title')}</h2>
    </div>
  );
}
