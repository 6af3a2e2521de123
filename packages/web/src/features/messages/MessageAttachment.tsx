import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../ui/toast';
import type { AttachedFile } from '@parley/protocol/file';
import type { Message } from '@parley/protocol/message';
import { errorMessage } from '../../api/errors';
import { useAuthStore } from '../auth/store';
import { fetchSharedMedia } from './api';
import { galleryOf } from './gallery';
import { downloadFile, freshenImageToken } from './files-api';
import { useMessageStore } from './store';
import { FileAttachment } from './ui/FileAttachment';
import { MediaPlayer, playableKind } from './ui/MediaPlayer';
import type { GalleryItem } from './ui/MediaViewer';

// The full-screen viewer is a chunk of its own: loaded on the first click on a picture.
const MediaViewer = lazy(async () => ({ default: (await import('./ui/MediaViewer')).MediaViewer }));

/**
 * A message's file with its behaviour: thumbnail retry, the full-screen
 * viewer over the chat's pictures, video and audio played in place, download.
 */
export function MessageAttachment({
  file,
  message,
}: {
  file: AttachedFile;
  /** The sent message holding it (null while it is on its way). */
  message?: Message | null;
}) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [gallery, setGallery] = useState<{ items: GalleryItem[]; start: number } | null>(null);
  const timeZone = useAuthStore((s) => s.user?.timezone ?? null);

  const download = (what: AttachedFile = file) => {
    downloadFile(what).catch((error: unknown) =>
      toast.error(t('common.error'), { description: errorMessage(error) }),
    );
  };
  // The <img>, <video> and <audio> carry the `token` cookie; one retry after freshening a lapsed token.
  const onMediaError = () => {
    if (attempt > 0) return;
    void freshenImageToken().then((ok) => {
      if (ok) setAttempt(1);
    });
  };
  // The chat's pictures from the server (up to the newest hundred); the loaded ones when it cannot answer.
  const open = async () => {
    const conversationId = message?.conversation_id;
    const [, listed] = await Promise.all([
      freshenImageToken().catch(() => false),
      conversationId
        ? fetchSharedMedia(conversationId, { kind: 'media', limit: 100 }).catch(() => null)
        : null,
    ]);
    const fromServer = galleryOf([...(listed?.messages ?? [])].reverse());
    const loaded = conversationId
      ? galleryOf(useMessageStore.getState().threads[conversationId]?.messages)
      : [];
    const items = [fromServer, loaded].find((list) =>
      list.some((item) => item.file.key === file.key),
    ) ?? [{ messageId: 0, file, caption: '', sender: null, createdAt: new Date().toISOString() }];
    setGallery({ items, start: items.findIndex((item) => item.file.key === file.key) });
  };

  const playable = playableKind(file.mime);
  if (playable) {
    return <MediaPlayer key={attempt} file={file} kind={playable} onError={onMediaError} />;
  }
  const thumbnail = file.thumbnail_url
    ? `${file.thumbnail_url}${attempt > 0 ? `?r=${attempt}` : ''}`
    : null;

  return (
    <>
      <FileAttachment
        file={file}
        thumbnailSrc={thumbnail}
        onImageError={onMediaError}
        onOpen={() => void open()}
        onDownload={() => download()}
      />
      {gallery ? (
        <Suspense fallback={null}>
          <MediaViewer
            items={gallery.items}
            startIndex={Math.max(0, gallery.start)}
            timeZone={timeZone}
            onClose={() => setGallery(null)}
            onDownload={download}
          />
        </Suspense>
      ) : null}
    </>
  );
}
