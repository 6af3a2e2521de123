import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { AttachedFile } from '@parley/protocol/file';
import { formatDateTime } from '@parley/protocol/rules/format-date';
import { formatSize } from '@parley/protocol/rules/format-size';
import { Dialog } from '../../../ui/Dialog';
import { useZoomPan } from './use-zoom-pan';

/** One picture of the chat's gallery, with what the viewer shows beside it. */
export type GalleryItem = {
  messageId: number;
  file: AttachedFile;
  caption: string;
  sender: string | null;
  createdAt: string;
};

/**
 * Pictures full screen, in a chunk of its own: zoom (wheel, pinch, double
 * click, +/-), pan when zoomed, the previous and next picture of the chat
 * (arrows, buttons, swipe), download, caption, sender and date. Escape or a
 * click beside the picture closes it. Own code rather than a lightbox
 * library: what is needed here fits in two small files (this and
 * use-zoom-pan.ts) and keeps the chunk a few kB.
 */
export function MediaViewer({
  items,
  startIndex,
  timeZone,
  onClose,
  onDownload,
}: {
  items: GalleryItem[];
  startIndex: number;
  timeZone: string | null;
  onClose: () => void;
  onDownload: (file: AttachedFile) => void;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(startIndex);
  const count = items.length;
  const item = items[Math.min(index, count - 1)];
  const go = (step: 1 | -1) => {
    const next = index + step;
    if (next < 0 || next >= count) return;
    zoom.reset();
    setIndex(next);
  };
  const zoom = useZoomPan(go);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Escape is the dialog frame's (ui/Dialog).
      if (event.key === 'ArrowRight') go(1);
      else if (event.key === 'ArrowLeft') go(-1);
      else if (event.key === '+' || event.key === '=') zoom.zoomIn();
      else if (event.key === '-') zoom.zoomOut();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (!item) return null;
  const { file } = item;
  const { scale, x, y } = zoom.view;
  const button = (
    label: string,
    onClick: () => void,
    text: string,
    testId: string,
    off = false,
  ) => (
    <button
      type="button"
      className="image-viewer-button"
      onClick={onClick}
      aria-label={label}
      title={label}
      disabled={off}
      data-testid={testId}
    >
      {text}
    </button>
  );

  return createPortal(
    <Dialog
      backdrop={false}
      className="image-viewer"
      label={file.name}
      testId="image-viewer"
      onClose={onClose}
    >
      <header className="image-viewer-bar">
        <span className="image-viewer-name">
          <strong>{item.sender ?? ''}</strong>
          <span data-testid="image-viewer-meta">
            {formatDateTime(item.createdAt, timeZone)} · {file.name} · {formatSize(file.size)}
          </span>
        </span>
        {count > 1 ? (
          <span className="image-viewer-count" data-testid="image-viewer-count">
            {t('viewer.position', { n: index + 1, count })}
          </span>
        ) : null}
        {button(t('viewer.zoomOut'), zoom.zoomOut, '−', 'image-viewer-zoom-out', scale <= 1)}
        {button(t('viewer.zoomIn'), zoom.zoomIn, '+', 'image-viewer-zoom-in', scale >= 6)}
        {button(t('files.save'), () => onDownload(file), '⤓', 'image-viewer-download')}
        {button(t('files.close'), onClose, '×', 'image-viewer-close')}
      </header>
      <div
        className="image-viewer-stage"
        onClick={(event) => {
          if (event.target === event.currentTarget && scale === 1) onClose();
        }}
        {...zoom.handlers}
      >
        <img
          key={file.key}
          className="image-viewer-img"
          src={file.url}
          alt={item.caption || file.name}
          draggable={false}
          style={{
            aspectRatio: `${file.width ?? 4} / ${file.height ?? 3}`,
            transform: `translate(${x}px, ${y}px) scale(${scale})`,
            cursor: scale > 1 ? 'grab' : 'zoom-in',
          }}
          data-scale={scale.toFixed(2)}
          data-testid="image-viewer-img"
        />
      </div>
      {index > 0 ? (
        <button
          type="button"
          className="image-viewer-nav is-prev"
          onClick={() => go(-1)}
          aria-label={t('viewer.previous')}
          data-testid="image-viewer-prev"
        >
          ‹
        </button>
      ) : null}
      {index < count - 1 ? (
        <button
          type="button"
          className="image-viewer-nav is-next"
          onClick={() => go(1)}
          aria-label={t('viewer.next')}
          data-testid="image-viewer-next"
        >
          ›
        </button>
      ) : null}
      {item.caption ? (
        <p className="image-viewer-caption" data-testid="image-viewer-caption">
          {item.caption}
        </p>
      ) : null}
    </Dialog>,
    document.body,
  );
}
