import { useState } from 'react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { formatTime } from '@parley/protocol/rules/format-date';
import type { TFunction } from 'i18next';
import type { Message, MessageRef } from '@parley/protocol/message';
import { Avatar } from '../../ui/Avatar';
import { messageText, refText } from '../conversations/list-item';
import { MessageAttachment } from './MessageAttachment';
import { MessageLinkPreview } from './MessageLinkPreview';
import type { TimelineItem } from './timeline';
import { MessageBubble } from './ui/MessageBubble';

export type HistoryProps = {
  items: TimelineItem[];
  firstItemIndex: number;
  /** Index in `items` to open at (first unread, a jump target, or the end). */
  initialIndex: number;
  ownId: number | null;
  timeZone: string | null;
  highlightId: number | null;
  unread: number;
  /** The reader's settings allow link previews (load_links on, paranoid off). */
  linkPreviews: boolean;
  /** A channel: posts show their view counts. */
  channel?: boolean;
  /** A channel's publishing identity: others' posts show its name and avatar, not the poster's. */
  publisher?: { id: number; name: string; avatar: string | null } | null;
  hasNewer: boolean;
  onOlder: () => void;
  onNewer: () => void;
  onToBottom: (scroll: () => void) => void;
  onLastVisible: (id: number) => void;
  onOpenParent: (id: number) => void;
  onMenu: (message: Message, event: MouseEvent) => void;
  onRetry: (uuid: string) => void;
};

/** The history, bottom-anchored and virtualised; older pages load on scroll up. */
/** Server-written text (System), or a forward of it: its text is a catalogue key. */
const writtenByServer = (m: Message) =>
  m.sender === null ||
  (m.forwarded !== null && !m.forwarded.deleted && m.forwarded.sender === null);

/** "Forwarded from …": the original's author, System, or — when it is gone — 'Deleted message'. */
function forwardedName(original: MessageRef, t: TFunction): string {
  if (original.deleted) return t('messages.deleted');
  return original.sender?.name ?? t('conversations.system');
}

export function MessageHistory(props: HistoryProps) {
  const { t } = useTranslation();
  const { items, firstItemIndex, ownId, timeZone } = props;
  const [atBottom, setAtBottom] = useState(true);
  const [scroller, setScroller] = useState<HTMLElement | Window | null>(null);

  const row = (item: TimelineItem) => {
    const m = item.message;
    const p = item.pending;
    const parent = m?.parent ?? p?.parent ?? null;
    const own = p !== null || (m !== null && m.user_id !== null && m.user_id === ownId);
    const tick = !own ? null : p ? 'sending' : (m?.views ?? 0) > 0 ? 'read' : 'sent';
    const file = m ? m.attached_file : (p?.file ?? null);
    const channelPost = props.publisher && !own ? props.publisher : null;
    return (
      <div className="msg-item" data-message-id={m?.id}>
        {item.day ? (
          <div className="msg-day" role="separator">
            <span>{item.day}</span>
          </div>
        ) : null}
        {item.firstUnread ? (
          <div className="msg-unread-divider" role="separator" data-testid="unread-divider">
            <span>{t('messages.newMessages')}</span>
          </div>
        ) : null}
        <MessageBubble
          text={m ? messageText(m, writtenByServer(m), t, timeZone) : (p?.text ?? '')}
          own={own}
          senderName={
            item.showSender ? (channelPost ? channelPost.name : (m?.sender?.name ?? null)) : null
          }
          author={
            channelPost ? (
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
          attachment={file ? <MessageAttachment file={file} /> : null}
          preview={
            props.linkPreviews && m && m.sender !== null && m.type === 'text' ? (
              <MessageLinkPreview messageId={m.id} text={m.message} />
            ) : null
          }
          onRetry={p ? () => props.onRetry(p.uuid) : undefined}
          onOpenParent={m?.parent ? () => props.onOpenParent(m.parent?.id ?? 0) : undefined}
          onMenu={m ? (event) => props.onMenu(m, event) : undefined}
        />
      </div>
    );
  };

  const toBottom = () => {
    props.onToBottom(() => {
      if (scroller && 'scrollTo' in scroller) {
        scroller.scrollTo({ top: Number.MAX_SAFE_INTEGER, behavior: 'smooth' });
      }
    });
  };

  return (
    <div className="msg-history" data-testid="message-history">
      <Virtuoso
        className="msg-scroller"
        data={items}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={{ index: props.initialIndex, align: 'center' }}
        computeItemKey={(_, item) => item.key}
        alignToBottom
        // Only the live end follows new rows: pages loaded below a jumped-to
        // window must not pull the view down (and load the next, and the next).
        followOutput={(bottom) => (bottom && !props.hasNewer ? 'auto' : false)}
        startReached={props.onOlder}
        endReached={props.hasNewer ? props.onNewer : undefined}
        atBottomStateChange={setAtBottom}
        atBottomThreshold={80}
        increaseViewportBy={{ top: 600, bottom: 300 }}
        scrollerRef={setScroller}
        rangeChanged={(range) => {
          for (let i = range.endIndex - firstItemIndex; i >= 0; i -= 1) {
            const m = items[i]?.message;
            if (m) return props.onLastVisible(m.id);
          }
        }}
        itemContent={(_, item) => row(item)}
      />
      {!atBottom || props.hasNewer ? (
        <button
          type="button"
          className="msg-to-bottom"
          onClick={toBottom}
          aria-label={t('messages.toBottom')}
          data-testid="scroll-to-bottom"
        >
          <svg
            viewBox="0 0 24 24"
            width="22"
            height="22"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="m6 9 6 6 6-6" />
          </svg>
          {props.unread > 0 ? <span className="conv-badge">{props.unread}</span> : null}
        </button>
      ) : null}
    </div>
  );
}
