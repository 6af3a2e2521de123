import { useTranslation } from 'react-i18next';
import type { AttachedFile } from '@parley/protocol/file';
import { formatSize } from '@parley/protocol/rules/format-size';

/** The largest box a picture takes in a bubble, in CSS pixels. */
const IMAGE_MAX_WIDTH = 320;
const IMAGE_MAX_HEIGHT = 360;

/**
 * The box a picture gets before the image arrives, from the dimensions the
 * server measured: no jump when it loads. Both sides in whole pixels: the
 * message list adds up its rows' heights rounded to whole pixels, and a
 * box of 166.5 px (an aspect ratio's height) left the list short of its end
 * by half a pixel per picture. A narrow screen that caps the width
 * (max-width) crops the picture a little rather than reflowing it.
 */
export function imageBox(file: Pick<AttachedFile, 'width' | 'height'>): {
  width: number;
  height: number;
} {
  const w = file.width && file.width > 0 ? file.width : 4;
  const h = file.height && file.height > 0 ? file.height : 3;
  const width = Math.max(80, Math.round(Math.min(IMAGE_MAX_WIDTH, w, (IMAGE_MAX_HEIGHT * w) / h)));
  return { width, height: Math.min(IMAGE_MAX_HEIGHT, Math.round((width * h) / w)) };
}

export type FileAttachmentProps = {
  file: AttachedFile;
  /** Where the thumbnail comes from (a retry appends a counter). */
  thumbnailSrc: string | null;
  onImageError?: () => void;
  onOpen?: () => void;
  onDownload?: () => void;
};

/** A file in a bubble: a picture in a fixed box, or a card with name, size and download. */
export function FileAttachment({
  file,
  thumbnailSrc,
  onImageError,
  onOpen,
  onDownload,
}: FileAttachmentProps) {
  const { t } = useTranslation();
  if (file.is_image) {
    return (
      <button
        type="button"
        className="msg-image"
        style={imageBox(file)}
        onClick={onOpen}
        aria-label={t('files.open', { name: file.name })}
        data-testid="message-image"
      >
        {thumbnailSrc ? (
          <img src={thumbnailSrc} alt={file.name} loading="lazy" onError={onImageError} />
        ) : null}
      </button>
    );
  }
  return (
    <div className="msg-file" data-testid="message-file">
      <span className="msg-file-icon" aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
          <path d="M14 3v5h5" />
        </svg>
      </span>
      <span className="msg-file-main">
        <span className="msg-file-name" data-testid="message-file-name">
          {file.name}
        </span>
        <span className="msg-file-size" data-testid="message-file-size">
          {formatSize(file.size)}
        </span>
      </span>
      <button
        type="button"
        className="icon-button msg-file-download"
        onClick={onDownload}
        aria-label={t('files.download', { name: file.name })}
        data-testid="message-file-download"
      >
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14" />
        </svg>
      </button>
    </div>
  );
}
