import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachedFile } from '@parley/protocol/file';
import { syncActions } from '../../lib/sync-actions';
import { addToBatch, FILES_AT_ONCE_MAX } from './file-batch';
import type { BatchFile } from './file-batch';
import { useUploadStore } from './upload-store';

// Files chosen, pasted or dropped wait in the preview dialog with a caption.
// Sending uploads them all at once (the tray shows each one's progress or
// failure) and sends one message per file, in the order they were chosen,
// the caption on the first that arrives (the server holds one file per
// message). Each send is an ordinary pending message: queued offline and
// sent again as any other.

/** Uploads every file; sends them in order, each as soon as it and those before it are stored. */
export async function sendBatch(
  conversationId: number,
  files: File[],
  caption: string,
): Promise<void> {
  const start = useUploadStore.getState().start;
  const stored = files.map(
    (file) =>
      new Promise<AttachedFile | null>((resolve) =>
        start(conversationId, file, resolve, () => resolve(null)),
      ),
  );
  let text = caption.trim();
  for (const upload of stored) {
    const file = await upload;
    if (!file) continue;
    await syncActions().send(conversationId, text, null, file);
    text = '';
  }
  // Every file failed: the caption is not lost, it goes as a message of its own.
  if (text !== '') await syncActions().send(conversationId, text, null);
}

export function useFilePreview(conversationId: number) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<BatchFile[]>([]);
  const [caption, setCaption] = useState('');
  const [note, setNote] = useState<string | null>(null);

  const add = (chosen: File[]) =>
    setFiles((current) => {
      const { batch, dropped } = addToBatch(current, chosen);
      setNote(dropped > 0 ? t('filePreview.capped', { max: FILES_AT_ONCE_MAX }) : null);
      return batch;
    });
  const close = () => {
    setFiles([]);
    setCaption('');
    setNote(null);
  };

  return {
    open: files.length > 0,
    files,
    caption,
    note,
    add,
    setCaption,
    remove: (id: string) => {
      setNote(null);
      setFiles((current) => current.filter((item) => item.id !== id));
    },
    send: () => {
      void sendBatch(
        conversationId,
        files.map((item) => item.file),
        caption,
      );
      close();
    },
    cancel: close,
  };
}
