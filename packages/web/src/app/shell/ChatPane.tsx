import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/ButtonLink';
import { Spinner } from '../../ui/Spinner';
import { useConversationStore } from '../../features/conversations/store';
import { useGroupUi } from '../../features/groups/store';
import { useConversationMenu } from './conversation-menu-store';
import { parseConversationId } from './route-id';
import { loadConversationView } from './load-conversation-view';
import { lazyPage } from '../../lib/lazy';

// The open conversation (history, composer, menus, previews) is its own
// chunk: the chat list paints without it, and ChatShell fetches it as soon
// as the list is up (load-conversation-view.ts), so opening a chat rarely waits.
const ConversationView = lazyPage(loadConversationView, 'ConversationView');

const pending = (
  <section className="chat-pane chat-pane-empty">
    <Spinner size={40} />
  </section>
);

/** The main pane: nothing chosen, not found, or the open conversation. */
export function ChatPane({ requested }: { requested: string | undefined }) {
  const { t } = useTranslation();
  const id = parseConversationId(requested);
  const conversation = useConversationStore((s) => (id === null ? undefined : s.byId[id]));
  const ensure = useConversationStore((s) => s.ensure);
  const openMenu = useConversationMenu((s) => s.open);
  const [missing, setMissing] = useState<number | null>(null);
  const removed = useGroupUi((s) => (id === null ? undefined : s.removed[id]));

  /** The conversation this pane last showed. */
  const shown = useRef<number | null>(null);

  // Opened by URL before (or beyond) the loaded list pages: fetch that one conversation.
  useEffect(() => {
    if (id === null) return;
    if (conversation) {
      shown.current = id;
      return;
    }
    // It was on screen and left the list: the list drops one only when the
    // server said it is gone for us (left, removed, deleted elsewhere), so
    // asking for it again would only get a 404.
    if (shown.current === id) {
      setMissing(id);
      return;
    }
    let live = true;
    void ensure(id).then((found) => {
      if (live && !found) setMissing(id);
    });
    return () => {
      live = false;
    };
  }, [id, conversation, ensure]);

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
  if (conversation) {
    return (
      <Suspense fallback={pending}>
        <ConversationView
          key={conversation.id}
          conversation={conversation}
          onMore={(x, y) => openMenu(conversation.id, x, y)}
        />
      </Suspense>
    );
  }
  if (id !== null && missing !== id) return pending;
  return (
    <section className="chat-pane chat-pane-empty" data-testid="chat-not-found">
      <div className="chat-pane-note">
        <p className="chat-pane-title">{t('chat.notFound')}</p>
        <p data-testid="chat-not-found-hint">
          {/* Removed or blocked from a group while it was open: say so (spec 4). */}
          {removed ? t('You were removed from this conversation.') : t('chat.notFoundHint')}
        </p>
        <ButtonLink to="/chat" variant="secondary">
          {t('chat.backToList')}
        </ButtonLink>
      </div>
    </section>
  );
}
