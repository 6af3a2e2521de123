import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../ui/Dialog';
import { ConversationAvatar } from '../../conversations/ui/ConversationAvatar';
import { AccountBadge } from '../../../ui/AccountBadge';
import { HiddenTag } from '../../conversations/ui/HiddenTag';
import type { ConversationListItem } from '../../conversations/list-item';

/**
 * Pick where to forward: the user's conversations, System left out
 * (read-only); the hidden ones after the others, marked.
 */
export function ForwardDialog({
  targets,
  onPick,
  onClose,
}: {
  targets: ConversationListItem[];
  onPick: (conversationId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} testId="forward-dialog">
      <header className="dialog-header">
        <strong id={titleId}>{t('messages.forwardTo')}</strong>
        <button
          type="button"
          className="icon-button"
          onClick={onClose}
          aria-label={t('messages.cancel')}
        >
          ×
        </button>
      </header>
      <ul className="dialog-list">
        {targets.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="conv-row"
              onClick={() => onPick(item.id)}
              data-testid={`forward-to-${item.id}`}
            >
              <ConversationAvatar
                id={item.avatarId}
                name={item.title}
                src={item.avatar}
                kind={item.avatarKind}
                size={36}
              />
              {/* As in the chat list: the badge stays by the name, the name shortens. */}
              {item.bot || item.official ? (
                <span className="conv-title has-badge">
                  <span className="conv-title-text">{item.title}</span>
                  <AccountBadge bot={item.bot} official={item.official} />
                </span>
              ) : (
                <span className="conv-title">{item.title}</span>
              )}
              {item.hidden ? <HiddenTag /> : null}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
