import { FILE_MAX_BYTES_DEFAULT } from '@parley/protocol/file';

// What may go in one "send files" dialog: at most ten files (as Telegram's
// album), each within the server's default upload size. A file over it is
// shown with the reason and must be removed before sending: the server
// would refuse it anyway (413) after the whole upload.

export const FILES_AT_ONCE_MAX = 10;

export type BatchFile = { id: string; file: File; tooLarge: boolean };

let counter = 0;

/** Adds files to a batch, keeping the cap; `dropped`: how many did not fit. */
export function addToBatch(
  batch: BatchFile[],
  files: File[],
  maxBytes = FILE_MAX_BYTES_DEFAULT,
): { batch: BatchFile[]; dropped: number } {
  const room = Math.max(0, FILES_AT_ONCE_MAX - batch.length);
  const added = files.slice(0, room).map((file) => ({
    id: `f${++counter}`,
    file,
    tooLarge: file.size > maxBytes,
  }));
  return { batch: [...batch, ...added], dropped: files.length - added.length };
}

/** The dialog sends only when every file may go. */
export const batchSendable = (batch: BatchFile[]) =>
  batch.length > 0 && batch.every((item) => !item.tooLarge);

/** How a chosen file is previewed. */
export function previewKind(file: File): 'image' | 'video' | 'audio' | 'file' {
  if (/^image\/(jpeg|png|webp|gif)$/.test(file.type)) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  if (file.type.startsWith('audio/')) return 'audio';
  return 'file';
}
