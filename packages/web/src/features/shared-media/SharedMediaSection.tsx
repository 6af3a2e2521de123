import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@parley/protocol/message';
import { SHARED_MEDIA_KINDS } from '@parley/protocol/shared-media';
import type { SharedMediaKind } from '@parley/protocol/shared-media';
import { errorMessage } from '../../api/errors';
import { useLaterTexts } from '../../lib/later-texts';
import { toast } from '../../ui/toast';
import { Spinner } from '../../ui/Spinner';
import { useAuthStore } from '../auth/store';
import { downloadFile, freshenImageToken } from '../messages/files-api';
import { galleryOf } from '../messages/gallery';
import { useJumpStore } from '../messages/jump-store';
import { FileRows } from './ui/FileRows';
import { LinkRows } from './ui/LinkRows';
import { MediaGrid } from './ui/MediaGrid';
import { useSharedMedia } from './use-shared-media';
import './shared-media.css';

const MediaViewer = lazy(async () => ({
  default: (await import('../messages/ui/MediaViewer')).MediaViewer,
}));

/**
 * A conversation's shared media, files and links as three tabs (Telegram's
 * info panel): the section the group and channel info panel and a person's
 * profile show. Pages load as the list scrolls into view; the tab follows
 * the chat live. "Show in chat" asks the open chat to jump to the message
 * and closes the panel (`onShown`).
 */
export function SharedMediaSection({
  conversationId,
  onShown,
}: {
  conversationId: number;
  onShown: () => void;
}) {
  const { t } = useTranslation();
  const ready = useLaterTexts();
  const [kind, setKind] = useState<SharedMediaKind>('media');
  const [viewing, setViewing] = useState<number | null>(null);
  const state = useSharedMedia(conversationId, kind);
  const timeZone = useAuthStore((s) => s.user?.timezone ?? null);
  const more = useRef<HTMLDivElement>(null);
  const { loadMore } = state;

  // The next page as the end of the list comes into view.
  useEffect(() => {
    const end = more.current;
    if (!end || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [loadMore]);

  if (!ready) return null;
  const show = (m: Message) => {
    useJumpStore.getState().ask(conversationId, m.id);
    onShown();
  };
  const download = (m: Message) => {
    if (!m.attached_file) return;
    downloadFile(m.attached_file).catch((error: unknown) =>
      toast.error(t('common.error'), { description: errorMessage(error) }),
    );
  };
  // The viewer steps through the loaded pictures oldest first, as in the chat.
  const pictures = galleryOf([...state.items].reverse());
  const viewerStart = pictures.findIndex((p) => p.messageId === viewing);

  return (
    <section className="info-section shared-media" data-testid="shared-media">
      <div className="shared-tabs" role="tablist" aria-label={t('sharedMedia.title')}>
        {SHARED_MEDIA_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === kind}
            className={`shared-tab${k === kind ? ' is-active' : ''}`}
            onClick={() => setKind(k)}
            data-testid={`shared-tab-${k}`}
          >
            {t(`sharedMedia.${k}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t(`sharedMedia.${kind}`)}>
        {kind === 'media' ? (
          <MediaGrid
            items={state.items}
            onPicture={(m) => {
              void freshenImageToken().finally(() => setViewing(m.id));
            }}
            onShow={show}
          />
        ) : kind === 'files' ? (
          <FileRows items={state.items} timeZone={timeZone} onDownload={download} onShow={show} />
        ) : (
          <LinkRows items={state.items} timeZone={timeZone} onShow={show} />
        )}
        {!state.loading && !state.failed && state.items.length === 0 ? (
          <p className="shared-empty" data-testid="shared-empty">
            {t(`sharedMedia.empty.${kind}`)}
          </p>
        ) : null}
        {state.failed ? (
          <p className="shared-empty">
            {t('sharedMedia.failed')}{' '}
            <button type="button" className="btn btn-ghost btn-md" onClick={state.retry}>
              <span>{t('sharedMedia.retry')}</span>
            </button>
          </p>
        ) : null}
        <div ref={more} className="shared-more">
          {state.loading ? (
            <Spinner label={t('sharedMedia.loading')} />
          ) : state.hasMore ? (
            <button type="button" className="btn btn-ghost btn-md" onClick={loadMore}>
              <span>{t('sharedMedia.more')}</span>
            </button>
          ) : null}
        </div>
      </div>
      {viewing !== null && viewerStart >= 0 ? (
        <Suspense fallback={null}>
          <MediaViewer
            items={pictures}
            startIndex={viewerStart}
            timeZone={timeZone}
            onClose={() => setViewing(null)}
            onDownload={(file) =>
              void downloadFile(file).catch((error: unknown) =>
                toast.error(t('common.error'), { description: errorMessage(error) }),
              )
            }
          />
        </Suspense>
      ) : null}
    </section>
  );
}
