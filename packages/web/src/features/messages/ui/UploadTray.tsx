import { useTranslation } from 'react-i18next';
import { formatSize } from '@parley/protocol/rules/format-size';

export type UploadItem = {
  id: string;
  name: string;
  size: number;
  progress: number;
  error: string | null;
};

/** Uploads under way as pending bubbles: name, size, progress, cancel. Presentational. */
export function UploadTray({
  uploads,
  onCancel,
}: {
  uploads: UploadItem[];
  onCancel: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  return (
    <ul className="upload-tray" aria-label={t('files.uploading')}>
      {uploads.map((u) => (
        <li
          key={u.id}
          className={`upload-item${u.error ? ' has-error' : ''}`}
          data-testid="upload-pending"
        >
          <span className="upload-main">
            <span className="upload-name">{u.name}</span>
            <span className="upload-sub">
              {u.error ?? `${formatSize(u.size)} · ${Math.round(u.progress * 100)}%`}
            </span>
            {u.error ? null : (
              <progress
                className="upload-progress"
                max={1}
                value={u.progress}
                aria-label={t('files.uploadingName', { name: u.name })}
              />
            )}
          </span>
          <button
            type="button"
            className="icon-button"
            onClick={() => onCancel(u.id)}
            aria-label={u.error ? t('files.dismiss') : t('files.cancel')}
            data-testid="upload-cancel"
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
