import { useEffect, useMemo, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '@parley/protocol/constants';
import { FILE_MAX_BYTES_DEFAULT } from '@parley/protocol/file';
import { formatSize } from '@parley/protocol/rules/format-size';
import { Dialog } from '../../../ui/Dialog';
import { batchSendable, FILES_AT_ONCE_MAX, previewKind } from '../file-batch';
import type { BatchFile } from '../file-batch';

/** A local preview of a chosen file: the object URL lives as long as the row. */
function FilePreview({ file }: { file: File }) {
  const kind = previewKind(file);
  const url = useMemo(
    () => (kind === 'image' || kind === 'video' ? URL.createObjectURL(file) : null),
    [file, kind],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (kind === 'image' && url) return <img className="file-preview-thumb" src={url} alt="" />;
  // The first frame as the poster: only metadata and that frame are read.
  if (kind === 'video' && url) {
    return <video className="file-preview-thumb" src={url} preload="metadata" muted />;
  }
  return (
    <span className="file-preview-thumb file-preview-icon" aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {kind === 'audio' ? (
          <path d="M9 18V5l11-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0Zm11-2a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z" />
        ) : (
          <>
            <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
            <path d="M14 3v5h5" />
          </>
        )}
      </svg>
    </span>
  );
}

/**
 * Files about to be sent, Telegram-style: a preview of each, name and size,
 * remove one, add more, and a caption (Enter sends, Shift+Enter breaks the
 * line). Presentational: the owner keeps the files and sends them.
 */
export function FilePreviewDialog({
  files,
  caption,
  note,
  onCaption,
  onRemove,
  onAdd,
  onSend,
  onCancel,
}: {
  files: BatchFile[];
  caption: string;
  /** A notice about the batch (files beyond the cap were left out). */
  note: string | null;
  onCaption: (text: string) => void;
  onRemove: (id: string) => void;
  onAdd: (files: File[]) => void;
  onSend: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const captionRef = useRef<HTMLTextAreaElement>(null);
  const sendable = batchSendable(files);
  useEffect(() => captionRef.current?.focus(), []);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (sendable) onSend();
    }
  };

  return (
    <Dialog
      className="dialog file-preview"
      labelledBy="file-preview-title"
      onClose={onCancel}
      testId="file-preview"
    >
      <header className="dialog-header">
        <strong id="file-preview-title">
          {files.length === 1
            ? t('filePreview.titleOne')
            : t('filePreview.titleMany', { count: files.length })}
        </strong>
        <button
          type="button"
          className="icon-button"
          onClick={onCancel}
          aria-label={t('messages.cancel')}
        >
          ×
        </button>
      </header>
      <ul className="file-preview-list">
        {files.map((item) => (
          <li key={item.id} className="file-preview-item" data-testid="file-preview-item">
            <FilePreview file={item.file} />
            <span className="file-preview-main">
              <span className="file-preview-name">{item.file.name}</span>
              <span className={item.tooLarge ? 'file-preview-error' : 'file-preview-size'}>
                {item.tooLarge
                  ? t('filePreview.tooLarge', { max: formatSize(FILE_MAX_BYTES_DEFAULT) })
                  : formatSize(item.file.size)}
              </span>
            </span>
            <button
              type="button"
              className="icon-button"
              onClick={() => onRemove(item.id)}
              aria-label={t('filePreview.remove', { name: item.file.name })}
              data-testid="file-preview-remove"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {note ? (
        <p className="file-preview-note" role="status">
          {note}
        </p>
      ) : null}
      <textarea
        ref={captionRef}
        className="file-preview-caption"
        rows={2}
        value={caption}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={t('filePreview.caption')}
        aria-label={t('filePreview.caption')}
        onChange={(event) => onCaption(event.target.value)}
        onKeyDown={onKeyDown}
        data-testid="file-preview-caption"
      />
      <footer className="file-preview-actions">
        <button
          type="button"
          className="btn btn-ghost btn-md"
          onClick={() => picker.current?.click()}
          disabled={files.length >= FILES_AT_ONCE_MAX}
          data-testid="file-preview-add"
        >
          <span>{t('filePreview.add')}</span>
        </button>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          onChange={(event) => {
            onAdd(event.target.files ? [...event.target.files] : []);
            event.target.value = '';
          }}
          data-testid="file-preview-input"
        />
        <span className="file-preview-spacer" />
        <button type="button" className="btn btn-ghost btn-md" onClick={onCancel}>
          <span>{t('messages.cancel')}</span>
        </button>
        <button
          type="button"
          className="btn btn-primary btn-md"
          onClick={onSend}
          disabled={!sendable}
          data-testid="file-preview-send"
        >
          <span>{t('messages.send')}</span>
        </button>
      </footer>
    </Dialog>
  );
}
