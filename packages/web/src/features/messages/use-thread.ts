import { useCallback, useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { syncActions } from '../../lib/sync-actions';
import { firstUnreadId } from './first-unread';
import type { JumpRequest } from './jump-store';
import { pendingOf } from './reducers';
import type { PageMode } from './reducers';
import { useMessageStore } from './store';
import { buildTimeline } from './timeline';

/**
 * Where the list opens (again): at the newest message, or with a message at
 * its top (the first unread) or its centre (a jump target). `focus`: the
 * reader asked from a floating button, so the new list takes the keyboard
 * focus (the button is gone with the old one).
 */
type OpenAt =
  | { kind: 'end'; focus: boolean }
  | { kind: 'message'; id: number; align: 'start' | 'center'; focus: boolean };

/** Container hook: the open conversation's history, loaded on open, as timeline rows. */
export function useThread(
  conversationId: number,
  options: {
    ownId: number | null;
    timeZone: string | null;
    group: boolean;
    channel?: boolean;
    /**
     * The read marker when the chat was opened with unread messages (null:
     * none). The history opens at the first unread, under a divider.
     */
    lastReadId: number | null;
    /** A message asked for from outside (search): opened around it instead of the newest page. */
    jump?: JumpRequest | null;
  },
) {
  const thread = useMessageStore((s) => s.threads[conversationId]);
  const pending = useMessageStore(useShallow((s) => pendingOf(s, conversationId)));
  const loadPage = useMessageStore((s) => s.load);
  const [version, setVersion] = useState(0);
  /** A page; true when it came. A 404 (not the user's any more) drops the conversation. */
  const load = useCallback(
    async (id: number, mode: PageMode, anchor?: number) => {
      const result = await loadPage(id, mode, anchor);
      if (result === 'gone') syncActions().gone([id]);
      return result === 'loaded';
    },
    [loadPage],
  );
  const [openAt, setOpenAt] = useState<OpenAt>({ kind: 'end', focus: false });
  const { ownId, timeZone, group, channel, lastReadId } = options;

  const reopen = useCallback((at: OpenAt) => {
    setOpenAt(at);
    setVersion((v) => v + 1);
  }, []);

  // How the chat opens is decided once. Opened to show a message: no newest
  // page first (it could land after the window around the message and
  // replace it). Opened with unread messages: the window around the first
  // unread, and nothing shown before it is here (a cached newest page on
  // screen would count as read).
  const [opening] = useState(() =>
    options.jump != null ? 'jump' : lastReadId !== null ? 'unread' : 'latest',
  );
  const [opened, setOpened] = useState(opening !== 'unread');
  useEffect(() => {
    if (opening === 'latest') void load(conversationId, 'latest');
    if (opening !== 'unread' || lastReadId === null) return;
    let live = true;
    void load(conversationId, 'around', lastReadId + 1).then(() => {
      if (!live) return;
      // Offline or refused: what is held (the cache) opens as it would have.
      const t = useMessageStore.getState().threads[conversationId];
      const id = t ? firstUnreadId(t.messages, { lastReadId, ownId, hasOlder: t.hasOlder }) : null;
      setOpened(true);
      reopen(
        id === null
          ? { kind: 'end', focus: false }
          : { kind: 'message', id, align: 'start', focus: false },
      );
    });
    return () => {
      live = false;
    };
  }, [conversationId, load, opening, lastReadId, ownId, reopen]);

  const jumpId = options.jump?.messageId ?? null;
  const jumpSeq = options.jump?.seq ?? null;
  useEffect(() => {
    if (jumpId === null) return;
    void load(conversationId, 'around', jumpId).then((loaded) => {
      if (loaded) reopen({ kind: 'message', id: jumpId, align: 'center', focus: false });
    });
  }, [conversationId, load, jumpId, jumpSeq, reopen]);

  const items = useMemo(
    () =>
      buildTimeline(thread?.messages ?? [], pending, {
        ownId,
        timeZone,
        group,
        channel,
        lastReadId,
        hasOlder: thread?.hasOlder ?? false,
      }),
    [thread, pending, ownId, timeZone, group, channel, lastReadId],
  );

  const older = useCallback(() => {
    const first = thread?.messages[0];
    if (thread?.hasOlder && first) void load(conversationId, 'older', first.id);
  }, [thread, load, conversationId]);

  const newer = useCallback(() => {
    const last = thread?.messages.at(-1);
    if (thread?.hasNewer && last) void load(conversationId, 'newer', last.id);
  }, [thread, load, conversationId]);

  /** Show a message: load the window around it when it is not here, then re-open the list on it. */
  const jumpTo = useCallback(
    async (id: number) => {
      const here = thread?.messages.some((m) => m.id === id);
      if (!here && !(await load(conversationId, 'around', id))) return;
      reopen({ kind: 'message', id, align: 'center', focus: false });
    },
    [thread, load, conversationId, reopen],
  );

  /** The first message after the read marker `readUpTo`, at the top of the list. */
  const toFirstUnread = useCallback(
    async (readUpTo: number) => {
      const at = (t: typeof thread) =>
        t ? firstUnreadId(t.messages, { lastReadId: readUpTo, ownId, hasOlder: t.hasOlder }) : null;
      let id = at(thread);
      if (id === null) {
        if (!(await load(conversationId, 'around', readUpTo + 1))) return;
        id = at(useMessageStore.getState().threads[conversationId]);
      }
      if (id !== null) reopen({ kind: 'message', id, align: 'start', focus: true });
    },
    [thread, load, conversationId, ownId, reopen],
  );

  /**
   * To the newest message: the newest page first when this window is short
   * of it. The list re-opens at its end rather than scrolling there: a
   * scroll aims at a height that changes as the rows on the way are
   * measured, and stopped a row or two short (then the newest stayed unread).
   */
  const toLatest = useCallback(async () => {
    if (thread?.hasNewer && !(await load(conversationId, 'latest'))) return;
    reopen({ kind: 'end', focus: true });
  }, [thread, load, conversationId, reopen]);

  const targetIndex =
    openAt.kind === 'message' ? items.findIndex((i) => i.message?.id === openAt.id) : -1;
  const atTarget = targetIndex >= 0 && openAt.kind === 'message';

  return {
    ready: thread !== undefined && opened,
    items,
    firstItemIndex: thread?.firstItemIndex ?? 0,
    hasNewer: thread?.hasNewer ?? false,
    /** Changes when the window is replaced, so the list re-opens at its initial index. */
    listKey: `${conversationId}:${version}`,
    initialIndex: atTarget ? targetIndex : Math.max(0, items.length - 1),
    initialAlign: atTarget ? openAt.align : ('end' as const),
    /** The list was re-opened from a floating button: it takes the focus. */
    focusOnOpen: openAt.focus,
    older,
    newer,
    jumpTo,
    toFirstUnread,
    toLatest,
  };
}
