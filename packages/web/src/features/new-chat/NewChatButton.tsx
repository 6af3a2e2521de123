import { Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../lib/lazy';
import { useGroupUi } from '../groups/store';
import { NEW_CHAT_ITEMS } from './items';
import type { NewChatKind } from './items';
import { NewChatMenu } from './ui/NewChatMenu';
import './new-chat.css';

// The people picker (with the search call) loads when it is first opened.
const PeoplePicker = lazyPage(() => import('./PeoplePicker'), 'PeoplePicker');

type Open = 'closed' | 'menu' | 'people';

/**
 * The chat list's round pencil button (Telegram Web's): a menu of new
 * message, new group, new channel. New group and channel open the groups
 * feature's create screens; new message opens the people picker. Whatever
 * closes without opening a chat gives the focus back to the button.
 */
export function NewChatButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>('closed');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const createGroup = useGroupUi((s) => s.create);

  const close = useCallback(() => {
    setOpen('closed');
    buttonRef.current?.focus();
  }, []);
  const opened = useCallback(() => setOpen('closed'), []);

  const pick = (kind: NewChatKind) => {
    switch (kind) {
      case 'message':
        setOpen('people');
        return;
      case 'group':
      case 'channel':
        setOpen('closed');
        createGroup(kind);
        return;
    }
  };

  return (
    <div className="new-chat">
      <button
        ref={buttonRef}
        type="button"
        className="new-chat-button"
        aria-haspopup="menu"
        aria-expanded={open === 'menu'}
        aria-label={t('newChat.title')}
        title={t('newChat.title')}
        data-testid="new-chat-button"
        onClick={() => setOpen((o) => (o === 'menu' ? 'closed' : 'menu'))}
      >
        <svg
          viewBox="0 0 24 24"
          width="24"
          height="24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {/* A pencil. */}
          <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4zM13.5 6.5l4 4" />
        </svg>
      </button>
      {open === 'menu' ? (
        <NewChatMenu items={NEW_CHAT_ITEMS} onPick={pick} onClose={close} />
      ) : null}
      {open === 'people' ? (
        <Suspense fallback={null}>
          <PeoplePicker onClose={close} onOpened={opened} />
        </Suspense>
      ) : null}
    </div>
  );
}
