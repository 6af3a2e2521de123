import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageRef } from '@parley/protocol/message';
import { emojiOnlyCount } from '@parley/protocol/rules/emoji-only';
import { MessageText } from './MessageText';
import { useLongPress } from './use-long-press';

export type BubbleProps = {
  text: string;
  own: boolean;
  senderName: string | null;
  time: string;
  edited: boolean;
  parent: MessageRef | null;
  /** The parent's text as shown (a quoted notice is rendered, not its JSON). */
  parentText: string;
  forwardedFrom: string | null;
  /** Own messages: 'sending' (pending), 'sent' (one tick), 'read' (two ticks). */
  tick: 'sending' | 'sent' | 'read' | null;
  /** An i18n key (the server's English message): shown in the current locale. */
  error: string | null;
  highlighted: boolean;
  /** Channel posts: how many subscribers have seen it (null elsewhere). */
  views?: number | null;
  /** The link-preview card under the text, when there is one. */
  preview?: ReactNode;
  /** The message's file or picture, above its text (the caption, possibly empty). */
  attachment?: ReactNode;
  /** Under the text: the reaction chips, when there are any. */
  reactions?: ReactNode;
  /** Under the bubble: a bot's inline keyboard. */
  buttons?: ReactNode;
  /** A bot's message: its /commands are tappable and send the command. */
  onCommand?: ((command: string) => void) | undefined;
  /** Beside the bubble: a channel's avatar, or a group sender's (or the gap where one would be). */
  author?: ReactNode;
  /** The author sits at the bubble's bottom (a group's run, Telegram's layout), not its top. */
  authorAtBottom?: boolean;
  /** A group sender's name colour per theme (protocol rules/avatar-color.ts senderNameColor). */
  senderColor?: { light: string; dark: string } | undefined;
  onRetry?: () => void;
  onOpenParent?: () => void;
  onMenu?: (event: MouseEvent) => void;
  /** Selection mode (issue 23); absent for a message that cannot be selected. */
  select?: BubbleSelect;
};

export type BubbleSelect = {
  /** Selection mode is on in this chat: a click anywhere on the row toggles. */
  active: boolean;
  selected: boolean;
  onToggle: () => void;
  /** Enters selection mode with this message (shift-click, a long press). */
  onStart: () => void;
};

/** The round checkbox beside a message in selection mode. */
function SelectCheck({ selected }: { selected: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={selected}
      aria-label={t('messages.selectMessage')}
      className="msg-check"
      data-testid="message-check"
    >
      {selected ? (
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="none">
          <path
            d="m3.5 8.5 3 3 6-7"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      ) : null}
    </button>
  );
}

function RefText({ target, text }: { target: MessageRef; text: string }) {
  const { t } = useTranslation();
  return target.deleted ? <em className="msg-deleted">{t('messages.deleted')}</em> : <>{text}</>;
}

function Tick({ state }: { state: 'sending' | 'sent' | 'read' }) {
  const { t } = useTranslation();
  const label = t(`messages.tick.${state}`);
  return (
    <span
      className={`msg-tick is-${state}`}
      title={label}
      aria-label={label}
      data-testid={`tick-${state}`}
    >
      {state === 'sending' ? (
        <svg
          viewBox="0 0 16 16"
          width="14"
          height="14"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <circle cx="8" cy="8" r="6" />
          <path d="M8 4.5V8l2.2 1.4" strokeLinecap="round" />
        </svg>
      ) : (
        <svg
          viewBox="0 0 20 16"
          width="17"
          height="14"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="m2 8.5 3.5 3.5L13 4.5" />
          {state === 'read' ? <path d="m9 12 7.5-7.5" /> : null}
        </svg>
      )}
    </span>
  );
}

function Views({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <span className="msg-views" title={t('groups.views', { count })} data-testid="msg-views">
      <svg
        viewBox="0 0 24 24"
        width="14"
        height="14"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12Z" />
        <circle cx="12" cy="12" r="2.8" />
      </svg>
      {count}
    </span>
  );
}

/** One message, presentational: every decision arrives as a prop. */
export function MessageBubble(props: BubbleProps) {
  const { t } = useTranslation();
  const { own, parent, forwardedFrom, tick, error, select } = props;
  const longPress = useLongPress(select && !select.active ? select.onStart : undefined);
  // In selection mode a click anywhere on the row (links, the reply quote
  // included) toggles the message instead of doing what it would; outside
  // it, shift-click starts selection mode (desktop, as in Telegram).
  const onClickCapture = (event: MouseEvent) => {
    if (longPress.swallowed(event)) {
      event.stopPropagation();
    } else if (select?.active || (select && event.shiftKey)) {
      event.preventDefault();
      event.stopPropagation();
      if (select.active) select.onToggle();
      else select.onStart();
    }
  };
  // Nothing but 1–3 emoji (protocol rules/emoji-only.ts): large, without the bubble.
  const emojiOnly =
    !props.attachment && !parent && forwardedFrom === null && emojiOnlyCount(props.text) > 0;
  const bubble = (
    <div
      className={`msg-bubble${props.highlighted ? ' is-highlighted' : ''}${error ? ' has-error' : ''}${emojiOnly ? ' is-emoji-only' : ''}`}
      onContextMenu={(event) => {
        if (!longPress.swallowed(event)) props.onMenu?.(event);
      }}
      data-testid="message"
    >
      {props.senderName ? (
        <div
          className={`msg-sender${props.senderColor ? ' is-colored' : ''}`}
          style={
            props.senderColor
              ? ({
                  '--sender-light': props.senderColor.light,
                  '--sender-dark': props.senderColor.dark,
                } as CSSProperties)
              : undefined
          }
          data-testid="message-sender"
        >
          {props.senderName}
        </div>
      ) : null}
      {forwardedFrom !== null ? (
        <div className="msg-forwarded" data-testid="message-forwarded">
          {t('messages.forwardedFrom', { name: forwardedFrom })}
        </div>
      ) : null}
      {parent ? (
        <button
          type="button"
          className="msg-reply"
          onClick={props.onOpenParent}
          data-testid="message-reply"
        >
          <span className="msg-reply-name">
            {parent.deleted
              ? t('messages.reply')
              : (parent.sender?.name ?? t('conversations.system'))}
          </span>
          <span className="msg-reply-text">
            <RefText target={parent} text={props.parentText} />
          </span>
        </button>
      ) : null}
      {props.attachment}
      {props.text !== '' || !props.attachment ? (
        <MessageText text={props.text} onCommand={props.onCommand} />
      ) : null}
      {props.preview}
      {props.reactions}
      <span className="msg-meta">
        {props.edited ? <span className="msg-edited">{t('messages.edited')}</span> : null}
        {props.views != null ? <Views count={props.views} /> : null}
        <span className="msg-time">{props.time}</span>
        {tick ? <Tick state={tick} /> : null}
      </span>
      {props.onMenu ? (
        <button
          type="button"
          className="msg-menu-button"
          aria-label={t('messages.actions')}
          data-testid="message-menu"
          onClick={props.onMenu}
        >
          ⋯
        </button>
      ) : null}
    </div>
  );
  return (
    <div
      className={`msg-row${own ? ' is-own' : ''}${select?.active ? ' is-selecting' : ''}${select?.selected ? ' is-selected' : ''}`}
      onClickCapture={select ? onClickCapture : undefined}
      {...(select ? longPress.handlers : {})}
    >
      {select?.active ? <SelectCheck selected={select.selected} /> : null}
      {props.author ? (
        <div className={`msg-authored${props.authorAtBottom ? ' is-bottom' : ''}`}>
          {props.author}
          {bubble}
        </div>
      ) : (
        bubble
      )}
      {props.buttons}
      {error ? (
        <div className="msg-error" role="alert">
          <span>{t(error)}</span>
          <button type="button" onClick={props.onRetry} data-testid="message-retry">
            {t('messages.retry')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
