import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/ButtonLink';
import type { ConversationListItem } from './conversation-item';

export type ChatPaneProps = {
  /** The :id of the route, if any. */
  requested: string | undefined;
  /** The matching conversation, or null when the id is unknown. */
  conversation: ConversationListItem | null;
};

/** The main pane. The message view replaces the "open" state with its own issue. */
export function ChatPane({ requested, conversation }: ChatPaneProps) {
  const { t } = useTranslation();
  if (requested === undefined) {
    return (
      <section className="chat-pane chat-pane-empty" data-testid="chat-empty">
        <div className="chat-pane-note">
          <svg
            viewBox="0 0 24 24"
            width="44"
            height="44"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.4"
            strokeLinejoin="round"
          >
            <path d="M4 5h16v11H8l-4 4z" />
            <path d="M8 9h8M8 12h5" strokeLinecap="round" />
          </svg>
          <p>{t('chat.selectChat')}</p>
        </div>
      </section>
    );
  }
  if (!conversation) {
    return (
      <section className="chat-pane chat-pane-empty" data-testid="chat-not-found">
        <div className="chat-pane-note">
          <p className="chat-pane-title">{t('chat.notFound')}</p>
          <p>{t('chat.notFoundHint')}</p>
          <ButtonLink to="/chat" variant="secondary">
            {t('chat.backToList')}
          </ButtonLink>
        </div>
      </section>
    );
  }
  return (
    <section className="chat-pane" data-testid="chat-open">
      <header className="chat-pane-header">
        <ButtonLink
          to="/chat"
          variant="ghost"
          className="chat-back"
          aria-label={t('chat.backToList')}
        >
          ‹
        </ButtonLink>
        <strong>{conversation.title}</strong>
      </header>
    </section>
  );
}
