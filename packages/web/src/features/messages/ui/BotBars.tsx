import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setFriendBlocked } from '../../conversations/block-api';

/** In place of the composer in a new chat with a bot: Start sends /start. */
export function StartBar({ onStart }: { onStart: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="composer-readonly bot-start">
      <button
        type="button"
        className="btn btn-primary btn-md bot-start-button"
        onClick={onStart}
        data-testid="bot-start"
      >
        {t('bots.start')}
      </button>
    </div>
  );
}

/** In place of the composer while this chat's person blocks the user (live: friend_blocked). */
export function BlockedByBar() {
  const { t } = useTranslation();
  return (
    <div className="composer-readonly composer-channel" data-testid="blocked-by-bar">
      <span>{t('block.blockedYou')}</span>
    </div>
  );
}

/** In place of the composer while the user blocks this chat's person or bot. */
export function BlockedBar({ conversationId }: { conversationId: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <div className="composer-readonly composer-channel" data-testid="blocked-bar">
      <span>{t('block.youBlocked')}</span>
      <button
        type="button"
        className="btn btn-ghost btn-md"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setFriendBlocked(conversationId, false)
            .catch(() => undefined) // reported in the shared error list
            .finally(() => setBusy(false));
        }}
        data-testid="blocked-unblock"
      >
        {t('block.unblock')}
      </button>
    </div>
  );
}
