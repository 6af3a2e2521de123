import { useTranslation } from 'react-i18next';
import type { Message } from '@parley/protocol/message';
import { formatDateTime } from '@parley/protocol/rules/format-date';
import { formatSize } from '@parley/protocol/rules/format-size';

/** The extension as the file's badge ("PDF"), or a generic mark. */
function badgeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1) : '';
  return ext.length > 0 && ext.length <= 4 ? ext.toUpperCase() : '•';
}

/** Files other than pictures and videos: name, size and date, download, and the message in the chat. */
export function FileRows({
  items,
  timeZone,
  onDownload,
  onShow,
}: {
  items: Message[];
  timeZone: string | null;
  onDownload: (message: Message) => void;
  onShow: (message: Message) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="shared-rows" data-testid="shared-files">
      {items.map((m) => {
        const file = m.attached_file;
        if (!file) return null;
        return (
          <li key={m.id} className="shared-row" data-testid="shared-file">
            <span className="shared-badge" aria-hidden="true">
              {badgeOf(file.name)}
            </span>
            <button
              type="button"
              className="shared-row-main"
              onClick={() => onDownload(m)}
              title={t('files.download')}
            >
              <strong className="shared-row-title">{file.name}</strong>
              <span className="shared-row-sub">
                {formatSize(file.size)} · {formatDateTime(m.created_at, timeZone)}
              </span>
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-md shared-row-show"
              onClick={() => onShow(m)}
            >
              <span>{t('sharedMedia.showInChat')}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
