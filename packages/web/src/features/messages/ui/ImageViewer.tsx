import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { AttachedFile } from '@parley/protocol/file';
import { formatSize } from '@parley/protocol/rules/format-size';

/** A picture at full size over the app; Escape or a click outside closes it. */
export function ImageViewer({
  file,
  src,
  onClose,
  onDownload,
}: {
  file: AttachedFile;
  src: string;
  onClose: () => void;
  onDownload: () => void;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return createPortal(
    <div
      className="image-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={file.name}
      data-testid="image-viewer"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <header className="image-viewer-bar">
        <span className="image-viewer-name">
          {file.name} · {formatSize(file.size)}
        </span>
        <button type="button" className="image-viewer-button" onClick={onDownload}>
          {t('files.save')}
        </button>
        <button
          type="button"
          className="image-viewer-button"
          onClick={onClose}
          aria-label={t('files.close')}
          data-testid="image-viewer-close"
        >
          ×
        </button>
      </header>
      <img
        className="image-viewer-img"
        src={src}
        alt={file.name}
        style={{ aspectRatio: `${file.width ?? 4} / ${file.height ?? 3}` }}
        data-testid="image-viewer-img"
      />
    </div>,
    document.body,
  );
}
