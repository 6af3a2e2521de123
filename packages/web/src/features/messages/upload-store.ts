import { create } from 'zustand';
import type { AttachedFile } from '@parley/protocol/file';
import { errorMessage } from '../../api/errors';
import { randomUuid } from '../../lib/random-uuid';
import { uploadFile } from './files-api';

// Uploads under way, shown as pending bubbles above the composer with their
// progress and a cancel button. When one finishes it becomes an ordinary
// pending message (the messages store sends it with its file_id).

export type Upload = {
  id: string;
  conversationId: number;
  name: string;
  size: number;
  /** 0..1 of the bytes sent. */
  progress: number;
  /** Why it failed; the bubble then offers to dismiss it. */
  error: string | null;
};

type UploadState = {
  uploads: Record<string, Upload>;
  /**
   * Starts an upload; `onDone` gets the stored file, `onFailed` is called
   * instead when it fails or is cancelled (a batch waits for every file).
   */
  start: (
    conversationId: number,
    file: File,
    onDone: (file: AttachedFile) => void,
    onFailed?: () => void,
  ) => void;
  /** Cancels a running upload, or dismisses a failed one. */
  cancel: (id: string) => void;
};

const controllers = new Map<string, AbortController>();

export const useUploadStore = create<UploadState>()((set) => {
  const patch = (id: string, change: Partial<Upload>) =>
    set((s) => {
      const current = s.uploads[id];
      return current ? { uploads: { ...s.uploads, [id]: { ...current, ...change } } } : s;
    });
  const drop = (id: string) =>
    set((s) => {
      const { [id]: _gone, ...rest } = s.uploads;
      return { uploads: rest };
    });

  return {
    uploads: {},
    start: (conversationId, file, onDone, onFailed) => {
      const id = randomUuid();
      const controller = new AbortController();
      controllers.set(id, controller);
      if (onFailed) controller.signal.addEventListener('abort', onFailed, { once: true });
      set((s) => ({
        uploads: {
          ...s.uploads,
          [id]: { id, conversationId, name: file.name, size: file.size, progress: 0, error: null },
        },
      }));
      uploadFile(file, (progress) => patch(id, { progress }), controller.signal)
        .then((stored) => {
          drop(id);
          onDone(stored);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          patch(id, { error: errorMessage(error) });
          onFailed?.();
        })
        .finally(() => controllers.delete(id));
    },
    cancel: (id) => {
      controllers.get(id)?.abort();
      drop(id);
    },
  };
});
