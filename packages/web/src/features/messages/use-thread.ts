import { useCallback, useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { syncActions } from '../../lib/sync-actions';
import type { JumpRequest } from './jump-store';
import { pendingOf } from './reducers';
import type { PageMode } from './reducers';
import { useMessageStore } from './store';
import { buildTimeline } from './timeline';

/** Container hook: the open conversation's history, loaded on open, as timeline rows. */
export function useThread(
  conversationId: number,
  options: {
    ownId: number | null;
    timeZone: string | null;
    group: boolean;
    channel?: boolean;
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
  const [anchorId, setAnchorId] = useState<number | null>(null);

  // Opened to show a message: no newest page first (it could land after the
  // window around the message and replace it).
  const [openedOnJump] = useState(options.jump != null);
  useEffect(() => {
    if (!openedOnJump) void load(conversationId, 'latest');
  }, [conversationId, load, openedOnJump]);

  const jumpId = options.jump?.messageId ?? null;
  const jumpSeq = options.jump?.seq ?? null;
  useEffect(() => {
    if (jumpId === null) return;
    void load(conversationId, 'around', jumpId).then((loaded) => {
      if (!loaded) return;
      setAnchorId(jumpId);
      setVersion((v) => v + 1);
    });
  }, [conversationId, load, jumpId, jumpSeq]);

  const { ownId, timeZone, group, channel, lastReadId } = options;
  const items = useMemo(
    () =>
      buildTimeline(thread?.messages ?? [], pending, {
        ownId,
        timeZone,
        group,
        channel,
        lastReadId,
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
      setAnchorId(id);
      setVersion((v) => v + 1);
    },
    [thread, load, conversationId],
  );

  const toLatest = useCallback(async () => {
    if (await load(conversationId, 'latest')) {
      setAnchorId(null);
      setVersion((v) => v + 1);
    }
  }, [load, conversationId]);

  const anchorIndex = anchorId === null ? -1 : items.findIndex((i) => i.message?.id === anchorId);
  const unreadIndex = items.findIndex((i) => i.firstUnread);
  const initialIndex =
    anchorIndex >= 0 ? anchorIndex : unreadIndex >= 0 ? unreadIndex : Math.max(0, items.length - 1);

  return {
    ready: thread !== undefined,
    items,
    firstItemIndex: thread?.firstItemIndex ?? 0,
    hasNewer: thread?.hasNewer ?? false,
    /** Changes when the window is replaced, so the list re-opens at its initial index. */
    listKey: `${conversationId}:${version}`,
    initialIndex,
    anchorId,
    older,
    newer,
    jumpTo,
    toLatest,
  };
}
