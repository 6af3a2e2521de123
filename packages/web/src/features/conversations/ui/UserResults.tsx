import { useTranslation } from 'react-i18next';
import type { UserSearchReply } from '@parley/protocol/conversation';
import { Avatar } from '../../../ui/Avatar';

type FoundUser = UserSearchReply['users'][number];

/** People found by the sidebar search; picking one opens (or creates) the direct chat. */
export function UserResults({
  users,
  onPick,
}: {
  users: FoundUser[];
  onPick: (user: FoundUser) => void;
}) {
  const { t } = useTranslation();
  if (users.length === 0) return null;
  return (
    <section className="user-results" aria-label={t('conversations.people')}>
      <h2 className="user-results-title">{t('conversations.people')}</h2>
      <ul>
        {users.map((user) => (
          <li key={user.id}>
            <button
              type="button"
              className="conv-row"
              data-testid={`user-result-${user.username}`}
              onClick={() => onPick(user)}
            >
              <Avatar id={user.id} name={user.name} src={user.avatar} size={40} initials />
              <span className="conv-main">
                <span className="conv-title">{user.name}</span>
                <span className="conv-preview">@{user.username}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
