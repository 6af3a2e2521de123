import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '@parley/protocol/constants';
import { readDraft, writeDraft } from '../../lib/storage';

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
}: ComposerProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => readDraft(conversationId));
  const [editText, setEditText] = useState(mode.kind === 'edit' ? mode.text : '');
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const editing = mode.kind === 'edit';
  const text = editing ? editText : draft;

  useEffect(() => {
    if (mode.kind === 'edit') setEditText(mode.text);
    if (mode.kind !== 'new') areaRef.current?.focus();
  }, [mode]);

  const change = (value: string) => {
    if (editing) return setEditText(value);
    setDraft(value);
    writeDraft(conversationId, value);
    onTyping?.(value.trim() !== '');
  };

  const submit = () => {
    const value = text.trim();
    if (value === '' || disabled) return;
    onSubmit(value);
    if (!editing) change('');
    onTyping?.(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && mode.kind !== 'new') {
      onCancelMode();
    }
  };

  return (
    <div className="composer">
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
      <form
        className="composer-row"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <textarea
          ref={areaRef}
          name="message"
          rows={1}
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={t('messages.placeholder')}
          aria-label={t('messages.placeholder')}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => onTyping?.(false)}
          data-testid="composer-input"
        />
        <button
          type="submit"
          className="composer-send"
          disabled={disabled || text.trim() === ''}
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
