import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ClipboardEvent, DragEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '@parley/protocol/constants';
import { MSG } from '@parley/protocol/messages';
import { formatSeconds } from '../../lib/format-seconds';
import type { BotCommand } from '@parley/protocol/bot';
import { readDraft, writeDraft } from '../../lib/storage';
import { CommandMenu } from './ui/CommandMenu';
import { MentionMenu } from './ui/MentionMenu';
import { ComposerEmoji } from './reactions/ComposerEmoji';
import { useCommandMenu } from './use-command-menu';
import { useMentionMenu } from './use-mention-menu';
import type { MentionSource } from './use-mention-menu';

export type ComposerMode =
  { kind: 'new' } | { kind: 'reply'; name: string; text: string } | { kind: 'edit'; text: string };

export type ComposerProps = {
  conversationId: number;
  mode: ComposerMode;
  disabled?: boolean;
  onSubmit: (text: string) => void;
  onCancelMode: () => void;
  /** The user types a new message (true) or stopped: sent, blurred, emptied (false). */
  onTyping?: (typing: boolean) => void;
  /** Files chosen, pasted or dropped; without it there is no attach button. */
  onAttach?: (files: File[]) => void;
  /** Seconds before a new message may go (slow mode or a 429); editing is not held. */
  waitSeconds?: number;
  /** The group is in slow mode for this member: the wait is named so. */
  slowMode?: boolean;
  /** Instead of the usual one (a bot's keyboard or force-reply placeholder). */
  placeholder?: string | null;
  /** The conversation's bot commands, for the "/" menu; without it there is no menu. */
  loadCommands?: () => Promise<BotCommand[]>;
  /** A group's or channel's members, for the "@" menu; without it there is no menu. */
  mentions?: MentionSource;
};

/**
 * Enter sends, Shift+Enter breaks the line. The draft of each conversation
 * lives in localStorage (`draft_<id>`, spec 3); an edit never touches it.
 * Mount with key={conversationId} so each conversation starts from its draft.
 */
export function Composer({
  conversationId,
  mode,
  disabled,
  onSubmit,
  onCancelMode,
  onTyping,
  onAttach,
  waitSeconds = 0,
  slowMode = false,
  placeholder,
  loadCommands,
  mentions,
}: ComposerProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => readDraft(conversationId));
  const [editText, setEditText] = useState(mode.kind === 'edit' ? mode.text : '');
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const pickerRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const editing = mode.kind === 'edit';
  const text = editing ? editText : draft;
  const held = waitSeconds > 0 && !editing;
  // Where the caret is, for the "@" menu: null until the user types or moves
  // it (a draft restored with an "@" does not open the list); a pick moves
  // it after the inserted mention once the new text is rendered.
  const [caret, setCaret] = useState<number | null>(null);
  const placeCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = placeCaret.current;
    if (at === null) return;
    placeCaret.current = null;
    areaRef.current?.setSelectionRange(at, at);
  });

  useEffect(() => {
    if (mode.kind === 'edit') setEditText(mode.text);
    if (mode.kind !== 'new') areaRef.current?.focus();
  }, [mode]);

  const change = (value: string) => {
    // A new text from elsewhere (a pick, an emoji, a send): no caret known
    // until the textarea says where it is.
    setCaret(null);
    if (editing) return setEditText(value);
    setDraft(value);
    writeDraft(conversationId, value);
    onTyping?.(value.trim() !== '');
  };

  const submit = () => {
    const value = text.trim();
    if (value === '' || disabled || held) return;
    onSubmit(value);
    if (!editing) change('');
    onTyping?.(false);
  };

  const menuId = useId();
  const menu = useCommandMenu(editing ? '' : draft, loadCommands, (command, send) => {
    if (!send) return change(`${command} `);
    onSubmit(command);
    change('');
    onTyping?.(false);
  });

  const mentionId = useId();
  // Not while editing: the server finds mentions in new messages only.
  const mention = useMentionMenu(editing ? '' : draft, caret, mentions, (value, at) => {
    change(value);
    setCaret(at);
    placeCaret.current = at;
  });
  // The textarea points into whichever list is open (a "/" draft has no "@" fragment).
  const listOpen = menu.open
    ? { id: menuId, active: menu.active }
    : mention.open
      ? { id: mentionId, active: mention.active }
      : null;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (menu.onKeyDown(event) || mention.onKeyDown(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && mode.kind !== 'new') {
      onCancelMode();
    }
  };

  const attach = (files: FileList | null | undefined) => {
    const list = files ? [...files] : [];
    if (list.length > 0 && onAttach && !editing) onAttach(list);
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    if (event.clipboardData.files.length === 0) return;
    event.preventDefault();
    attach(event.clipboardData.files);
  };
  const canDrop = onAttach !== undefined && !editing;
  const dropProps = canDrop
    ? {
        onDragOver: (event: DragEvent) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDragging(true);
        },
        onDragLeave: () => setDragging(false),
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          setDragging(false);
          attach(event.dataTransfer.files);
        },
      }
    : {};

  return (
    <div className={`composer${dragging ? ' is-dropping' : ''}`} {...dropProps}>
      {held ? (
        <div className="composer-wait" role="status" data-testid="composer-wait">
          {t(slowMode ? 'groups.slowMode.title' : MSG.tooManyRequests)} {formatSeconds(waitSeconds)}
        </div>
      ) : null}
      {mode.kind !== 'new' ? (
        <div className="composer-mode" data-testid={`composer-${mode.kind}`}>
          <span className="composer-mode-main">
            <strong>
              {mode.kind === 'edit'
                ? t('messages.editing')
                : t('messages.replyTo', { name: mode.name })}
            </strong>
            <span className="composer-mode-text">{mode.text}</span>
          </span>
          <button
            type="button"
            className="icon-button"
            onClick={onCancelMode}
            aria-label={t('messages.cancel')}
          >
            ×
          </button>
        </div>
      ) : null}
      {menu.open ? <CommandMenu id={menuId} menu={menu} /> : null}
      {!menu.open && mention.open ? <MentionMenu id={mentionId} menu={mention} /> : null}
      <form
        className="composer-row"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {canDrop ? (
          <>
            <button
              type="button"
              className="composer-attach"
              onClick={() => pickerRef.current?.click()}
              aria-label={t('files.attach')}
              title={t('files.attach')}
              data-testid="composer-attach"
            >
              <svg
                viewBox="0 0 24 24"
                width="22"
                height="22"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.9"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="m20.5 11.5-8.2 8.2a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />
              </svg>
            </button>
            <input
              ref={pickerRef}
              type="file"
              multiple
              hidden
              onChange={(event) => {
                attach(event.target.files);
                event.target.value = '';
              }}
              data-testid="composer-file-input"
            />
          </>
        ) : null}
        <ComposerEmoji area={areaRef} text={text} onChange={change} />
        <textarea
          ref={areaRef}
          name="message"
          rows={1}
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={placeholder || t('messages.placeholder')}
          aria-label={t('messages.placeholder')}
          aria-controls={listOpen?.id}
          aria-activedescendant={listOpen ? `${listOpen.id}-${listOpen.active}` : undefined}
          aria-autocomplete={loadCommands || mentions ? 'list' : undefined}
          onChange={(event) => {
            change(event.target.value);
            setCaret(event.target.selectionStart);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => {
            onTyping?.(false);
            // Leaving the composer closes the "@" list (a pick keeps the focus).
            setCaret(null);
          }}
          data-testid="composer-input"
        />
        <button
          type="submit"
          className="composer-send"
          disabled={disabled || held || text.trim() === ''}
          aria-label={editing ? t('messages.save') : t('messages.send')}
          data-testid="composer-send"
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="currentColor">
            {editing ? (
              <path
                d="m5 12.5 4.5 4.5L19 7.5"
                stroke="currentColor"
                strokeWidth="2.4"
                fill="none"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            ) : (
              <path d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />
            )}
          </svg>
        </button>
      </form>
    </div>
  );
}
