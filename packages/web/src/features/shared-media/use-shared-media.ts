import { useCallback, useEffect, useRef, useState } from 'react';
import { FILE_MESSAGE_TYPES } from '@parley/protocol/file';
import type { SharedMediaKind, SharedMediaReply } from '@parley/protocol/shared-media';
import { useConversationStore } from '../conversations/store';
import { fetchSharedMedia } from '../messages/api';
import { useMessageStore } from '../messages/store';
import { appendPage, nextBefore, NO_PAGES, refreshFirstPage } from './pages';
import type { SharedPages } from './pages';

/** What may show in a tab: a file, or a text that looks as if it holds a link. */
const LINKISH = /[\w-]\.[a-z]{2,}|mailto:/i;
function mayBeShared(m: { type: string; message: string }): boolean {
  return m.type === FILE_MESSAGE_TYPES.image || m.type === FILE_MESSAGE_TYPES.file
    ? true
    : m.type === 'text' && LINKISH.test(m.message);
}

/** A tab's page: three rows of the grid on a phone, more than a screen of rows on a desktop. */
export const SHARED_PAGE_SIZE = 48;

export type FetchShared = (
  conversationId: number,
  query: { kind: SharedMediaKind; before?: number; limit: number },
) => Promise<SharedMediaReply>;

export type SharedMediaState = SharedPages & {
  loading: boolean;
  failed: boolean;
  /** Asks for the next older page (ignored while one is on its way or when there is none). */
  loadMore: () => void;
  retry: () => void;
};

/**
 * One tab of a conversation's shared media: the newest page when opened, older
 * pages on demand, and the newest page again whenever the open chat's
 * messages change (a new picture, a deleted file), so the tab stays live.
 */
export function useSharedMedia(
  conversationId: number,
  kind: SharedMediaKind,
  fetchPage: FetchShared = fetchSharedMedia,
): SharedMediaState {
  const [pages, setPages] = useState<SharedPages>(NO_PAGES);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const busy = useRef(false);
  // What changes the tabs: a file or a link arriving or going. Other lines
  // (a text, someone leaving) do not refetch: after a leave or a removal
  // the conversation is no longer ours and the request would only 404.
  // The newest relevant message from the chat list (it follows every
  // arrival, even while the open thread shows an older window), and the
  // relevant messages of the loaded thread (a deletion among them).
  const listNewest = useConversationStore((s) => {
    const last = s.byId[conversationId]?.current_user.last_message;
    return last && mayBeShared(last) ? last.id : 0;
  });
  const newest = useRef(0);
  newest.current = Math.max(newest.current, listNewest);
  const loaded = useMessageStore((s) =>
    (s.threads[conversationId]?.messages ?? [])
      .filter(mayBeShared)
      .map((m) => m.id)
      .join(','),
  );
  const version = `${newest.current}:${loaded}`;

  useEffect(() => {
    let live = true;
    busy.current = true;
    setLoading(true);
    fetchPage(conversationId, { kind, limit: SHARED_PAGE_SIZE })
      .then(
        (page) => {
          if (!live) return;
          setPages((current) => refreshFirstPage(current, page));
          setFailed(false);
        },
        () => live && setFailed(true),
      )
      .finally(() => {
        if (!live) return;
        busy.current = false;
        setLoading(false);
      });
    return () => {
      live = false;
      busy.current = false;
    };
  }, [conversationId, kind, fetchPage, version, attempt]);

  const loadMore = useCallback(() => {
    const before = nextBefore(pages);
    if (busy.current || before === undefined) return;
    busy.current = true;
    setLoading(true);
    fetchPage(conversationId, { kind, before, limit: SHARED_PAGE_SIZE })
      .then(
        (page) => {
          setPages((current) => appendPage(current, page));
          setFailed(false);
        },
        () => setFailed(true),
      )
      .finally(() => {
        busy.current = false;
        setLoading(false);
      });
  }, [conversationId, kind, fetchPage, pages]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...pages, loading, failed, loadMore, retry };
}
