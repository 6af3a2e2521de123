import './reactions.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Reaction, ReactorsReply } from '@parley/protocol/reactions';
import { useMenuDismiss } from '../../../ui/use-menu-dismiss';
import { fetchReactors } from './api';

// A message's reactions under its text: one chip per emoji with its count,
// pressed when it is mine; a press toggles mine. "Who reacted" (the people
// button, or holding a chip down on a touch screen) lists the names.

const HOLD_MS = 500;

function WhoReacted({ messageId, onClose }: { messageId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useMenuDismiss(onClose, true);
  const [reply, setReply] = useState<ReactorsReply | null | 'failed'>(null);
  useEffect(() => {
    let current = true;
    fetchReactors(messageId).then(
      (got) => current && setReply(got),
      () => current && setReply('failed'),
    );
    return () => {
      current = false;
    };
  }, [messageId]);
  return (
    <div ref={ref} className="reactors" role="dialog" aria-label={t('reactions.who')}>
      <button type="button" className="reactors-close" onClick={onClose}>
        {t('reactions.close')}
      </button>
      {reply === null ? <p className="reactors-note">{t('emoji.loading')}</p> : null}
      {reply === 'failed' ? <p className="reactors-note">{t('reactions.failed')}</p> : null}
      {reply && reply !== 'failed' ? (
        <ul className="reactors-list" data-testid="reactors">
          {reply.reactors.map((r) => (
            <li key={r.user.id}>
              <span className="reactors-emoji">{r.emoji}</span>
              <span className="reactors-name">{r.user.name}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function ReactionChips({
  messageId,
  reactions,
  ownId,
  onToggle,
}: {
  messageId: number;
  reactions: readonly Reaction[];
  ownId: number | null;
  onToggle: (emoji: string) => void;
}) {
  const { t } = useTranslation();
  const [who, setWho] = useState(false);
  const hold = useRef<{ timer: number; fired: boolean } | null>(null);
  if (reactions.length === 0) return null;

  const startHold = () => {
    const state = { timer: 0, fired: false };
    state.timer = window.setTimeout(() => {
      state.fired = true;
      setWho(true);
    }, HOLD_MS);
    hold.current = state;
  };
  const endHold = () => {
    if (hold.current) window.clearTimeout(hold.current.timer);
  };

  return (
    <div className="reactions" data-testid="reactions">
      {reactions.map((r) => {
        const mine = ownId !== null && r.user_ids.includes(ownId);
        return (
          <button
            key={r.emoji}
            type="button"
            className={`reaction-chip${mine ? ' is-mine' : ''}`}
            aria-pressed={mine}
            aria-label={t('reactions.chip', { emoji: r.emoji, count: r.count })}
            data-testid="reaction-chip"
            data-emoji={r.emoji}
            onPointerDown={startHold}
            onPointerUp={endHold}
            onPointerLeave={endHold}
            onContextMenu={(event) => event.preventDefault()}
            onClick={() => {
              // A hold opened the list: that press was not a toggle.
              if (hold.current?.fired) return;
              onToggle(r.emoji);
            }}
          >
            <span className="reaction-emoji">{r.emoji}</span>
            <span className="reaction-count">{r.count}</span>
          </button>
        );
      })}
      <span className="reactors-anchor">
        <button
          type="button"
          className="reaction-who"
          aria-label={t('reactions.who')}
          title={t('reactions.who')}
          aria-expanded={who}
          data-testid="reactions-who"
          onClick={() => setWho((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" fill="currentColor">
            <circle cx="9" cy="8" r="3.5" />
            <path d="M2.5 19c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6z" />
            <circle cx="17" cy="9" r="2.8" />
            <path d="M16.5 13.2c3 .2 5 2.4 5 5.3h-4.6c-.2-2-1-3.8-2.4-5z" />
          </svg>
        </button>
        {who ? <WhoReacted messageId={messageId} onClose={() => setWho(false)} /> : null}
      </span>
    </div>
  );
}
