import { useEffect, useState } from 'react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { formatTime } from '@parley/protocol/rules/format-date';
import type { TFunction } from 'i18next';
import type { InlineButton } from '@parley/protocol/bot-markup';
import type { Message, MessageRef } from '@parley/protocol/message';
import { Avatar } from '../../ui/Avatar';
import { messageText, refText } from '../conversations/list-item';
import { useFormat } from '../../lib/format-loader';
import { TASK_NOTICE_TYPE } from '@parley/protocol/tasks';
import { senderNameColor } from '@parley/protocol/rules/avatar-color';
import { MessageAttachment } from './MessageAttachment';
import { MessageLinkPreview } from './MessageLinkPreview';
import { writtenByServer } from './copy-messages';
import { isServiceLine } from './timeline';
import type { TimelineItem } from './timeline';
import { InlineKeyboard } from './ui/InlineKeyboard';
import { MessageBubble } from './ui/MessageBubble';
import { ReactionChips } from './reactions/ReactionChips';
import { toggleReaction } from './reactions/toggle';
import { JumpButtons } from './ui/JumpButtons';
import { useNewestVisible } from './use-newest-visible';
import { usePinToBottom } from './use-pin-to-bottom';
import type { CommandTaps } from './use-command-taps';

export type HistoryProps = {
  items: TimelineItem[];
  firstItemIndex: number;
  /** Index in `items` to open at (first unread, a jump target, or the end). */
  initialIndex: number;
  /** Where that row goes: the top (first unread), the centre (a jump target) or the bottom. */
  initialAlign: 'start' | 'center' | 'end';
  /** Opened from a floating button: the list takes the keyboard focus. */
  focusOnOpen: boolean;
  ownId: number | null;
  timeZone: string | null;
  highlightId: number | null;
  unread: number;
  /** Offer "first unread" (the reader scrolled back above where they stopped). */
  offerFirstUnread: boolean;
  /** The reader's settings allow link previews (load_links on, paranoid off). */
  linkPreviews: boolean;
  /** A channel: posts show their view counts. */
  channel?: boolean;
  /** A group: others' names in their colour above a run, their avatar beside its last bubble. */
  group?: boolean;
  /** A channel's publishing identity: others' posts show its name and avatar, not the poster's. */
  publisher?: { id: number; name: string; avatar: string | null } | null;
  hasNewer: boolean;
  onOlder: () => void;
  onNewer: () => void;
  /** To the newest message (the list re-opens there). */
  onToBottom: () => void;
  onToFirstUnread: () => void;
  /** The newest message on screen (its bottom edge visible): the read marker follows it. */
  onNewestVisible: (id: number) => void;
  onOpenParent: (id: number) => void;
  onMenu: (message: Message, event: MouseEvent) => void;
  onRetry: (uuid: string) => void;
  /** A bot's inline button pressed (settles when its progress should stop). */
  onButton?: (message: Message, button: InlineButton) => Promise<unknown>;
  /** Sends a /command tapped in a bot's message; `isBot` says whose messages are a bot's. */
  onCommand?: CommandTaps | undefined;
  /** Selection mode (issue 23): which messages are picked, and how to pick. */
  selection?: HistorySelection;
};

export type HistorySelection = {
  active: boolean;
  selected: ReadonlySet<number>;
  /** Service lines and System's messages cannot be selected. */
  canSelect: (message: Message) => boolean;
  onToggle: (message: Message) => void;
  onStart: (message: Message) => void;
};

/** "Forwarded from …": the original's author, System, or — when it is gone — 'Deleted message'. */
function forwardedName(original: MessageRef, t: TFunction): string {
  if (original.deleted) return t('messages.deleted');
  return original.sender?.name ?? t('conversations.system');
}

/** Above a row: the day it starts, and "Unread messages" when the reading stopped there. */
function Separators({ item }: { item: TimelineItem }) {
  const { t } = useTranslation();
  return (
    <>
      {item.day ? (
        <div className="msg-day" role="separator">
          <span>{item.day}</span>
        </div>
      ) : null}
      {item.firstUnread ? (
        <div className="msg-unread-divider" role="separator" data-testid="unread-divider">
          <span>{t('messages.unreadDivider')}</span>
        </div>
      ) : null}
    </>
  );
}

/** The history, bottom-anchored and virtualised; older pages load on scroll up. */
export function MessageHistory(props: HistoryProps) {
  const { t } = useTranslation();
  useFormat(); // reply quotes lose their markers once the parser has loaded
  const { items, firstItemIndex, ownId, timeZone } = props;
  const [atBottom, setAtBottom] = useState(true);
  const [scroller, setScroller] = useState<HTMLElement | Window | null>(null);
  const root = scroller instanceof HTMLElement ? scroller : null;
  const seenMark = useNewestVisible(root, props.onNewestVisible);

  // Only rows that arrive at the live end are followed: pages loaded below a
  // jumped-to window must not pull the view down (and load the next, and the
  // next), and neither must the page that reaches the newest message. So the
  // last row when the window became live is kept ('' when it was live from
  // the start); a different last row since then arrived live.
  const lastKey = items.at(-1)?.key ?? null;
  const [liveSince, setLiveSince] = useState<{ key: string | null } | null>(
    props.hasNewer ? null : { key: '' },
  );
  if (props.hasNewer && liveSince !== null) setLiveSince(null);
  if (!props.hasNewer && liveSince === null) setLiveSince({ key: lastKey });
  const live = liveSince !== null && lastKey !== liveSince.key;
  // Virtuoso's follow aims at its rounded row heights: the real end is kept too.
  usePinToBottom(root, !props.hasNewer, props.initialAlign === 'end');

  // Re-opened from a floating button that is gone with the old list: the
  // keyboard goes on from the list itself (arrows and Page keys scroll it).
  const { focusOnOpen } = props;
  useEffect(() => {
    if (focusOnOpen) root?.focus({ preventScroll: true });
  }, [focusOnOpen, root]);

  const row = (item: TimelineItem) => {
    const m = item.message;
    const p = item.pending;
    const parent = m?.parent ?? p?.parent ?? null;
    const own = p !== null || (m !== null && m.user_id !== null && m.user_id === ownId);
    const tick = !own ? null : p ? 'sending' : (m?.views ?? 0) > 0 ? 'read' : 'sent';
    const file = m ? m.attached_file : (p?.file ?? null);
    const channelPost = props.publisher && !own ? props.publisher : null;
    const selection = props.selection;
    const selecting = selection?.active ?? false;
    // A group: others' runs carry the sender's colour and, on the last bubble, their avatar.
    const groupSender = props.group && !own && m?.sender ? m.sender : null;
    if (m && isServiceLine(m)) {
      // A service line, centred, without a menu (it is not a message to act
      // on): a task change prefixed with who made it, or a group's line,
      // which names its people itself ("Anna joined the group").
      const task = m.type === TASK_NOTICE_TYPE;
      return (
        <div className="msg-item" data-message-id={m.id}>
          <Separators item={item} />
          <p className="msg-service" data-testid={task ? 'task-notice' : 'group-notice'}>
            <span>
              {task && m.sender?.name ? `${m.sender.name} · ` : ''}
              {messageText(m, false, t, timeZone)}
            </span>
          </p>
          <span className="msg-seen-mark" data-seen-id={m.id} ref={seenMark} />
        </div>
      );
    }
    return (
      <div className="msg-item" data-message-id={m?.id}>
        <Separators item={item} />
        <MessageBubble
          text={m ? messageText(m, writtenByServer(m), t, timeZone) : (p?.text ?? '')}
          own={own}
          senderName={
            item.showSender ? (channelPost ? channelPost.name : (m?.sender?.name ?? null)) : null
          }
          senderColor={groupSender ? senderNameColor(groupSender.id) : undefined}
          authorAtBottom={groupSender !== null}
          author={
            groupSender ? (
              item.lastOfRun ? (
                <Avatar
                  id={groupSender.id}
                  name={groupSender.name}
                  src={groupSender.avatar ?? null}
                  size={32}
                  initials
                />
              ) : (
                <span className="msg-author-gap" aria-hidden="true" />
              )
            ) : channelPost ? (
              item.showSender ? (
                <Avatar
                  id={channelPost.id}
                  name={channelPost.name}
                  src={channelPost.avatar}
                  size={32}
                  initials
                />
              ) : (
                <span className="msg-author-gap" aria-hidden="true" />
              )
            ) : undefined
          }
          time={formatTime(m?.created_at ?? p?.createdAt ?? 0, timeZone)}
          edited={m?.edited ?? false}
          parent={parent}
          parentText={parent ? refText(parent, t, timeZone) : ''}
          forwardedFrom={m?.forwarded ? forwardedName(m.forwarded, t) : null}
          tick={tick}
          error={p?.error ?? null}
          highlighted={m !== null && m.id === props.highlightId}
          views={props.channel && m ? m.views : null}
          attachment={file ? <MessageAttachment file={file} message={m} /> : null}
          preview={
            props.linkPreviews && m && m.sender !== null && m.type === 'text' ? (
              <MessageLinkPreview messageId={m.id} text={m.message} />
            ) : null
          }
          reactions={
            m?.reactions?.length ? (
              <ReactionChips
                messageId={m.id}
                reactions={m.reactions}
                ownId={ownId}
                onToggle={(emoji) => void toggleReaction(m, emoji, ownId)}
              />
            ) : null
          }
          buttons={
            m?.reply_markup?.inline_keyboard?.length && props.onButton ? (
              <InlineKeyboard
                rows={m.reply_markup.inline_keyboard}
                onPress={(button) => props.onButton?.(m, button) ?? Promise.resolve()}
              />
            ) : null
          }
          onCommand={
            m && props.onCommand?.isBot(m)
              ? (command: string) => props.onCommand?.send(command, m)
              : undefined
          }
          onRetry={p ? () => props.onRetry(p.uuid) : undefined}
          onOpenParent={m?.parent ? () => props.onOpenParent(m.parent?.id ?? 0) : undefined}
          // No message menu while selecting: a click toggles, the bar acts.
          onMenu={m && !selecting ? (event) => props.onMenu(m, event) : undefined}
          select={
            m && selection?.canSelect(m)
              ? {
                  active: selecting,
                  selected: selection.selected.has(m.id),
                  onToggle: () => selection.onToggle(m),
                  onStart: () => selection.onStart(m),
                }
              : undefined
          }
        />
        {m ? <span className="msg-seen-mark" data-seen-id={m.id} ref={seenMark} /> : null}
      </div>
    );
  };

  return (
    <div className="msg-history" data-testid="message-history">
      <Virtuoso
        className="msg-scroller"
        data={items}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={{ index: props.initialIndex, align: props.initialAlign }}
        computeItemKey={(_, item) => item.key}
        alignToBottom
        // A function here, even one answering false, makes Virtuoso keep the
        // bottom in view whenever the list grows while at the bottom: off
        // unless the window is live.
        followOutput={live ? (bottom: boolean) => (bottom ? 'auto' : false) : false}
        startReached={props.onOlder}
        endReached={props.hasNewer ? props.onNewer : undefined}
        atBottomStateChange={setAtBottom}
        atBottomThreshold={80}
        increaseViewportBy={{ top: 600, bottom: 300 }}
        scrollerRef={setScroller}
        itemContent={(_, item) => row(item)}
      />
      <JumpButtons
        toBottom={!atBottom || props.hasNewer}
        firstUnread={props.offerFirstUnread}
        unread={props.unread}
        onToBottom={props.onToBottom}
        onToFirstUnread={props.onToFirstUnread}
      />
    </div>
  );
}
