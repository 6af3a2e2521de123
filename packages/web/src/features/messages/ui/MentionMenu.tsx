import { useTranslation } from 'react-i18next';
import { AccountBadge } from '../../../ui/AccountBadge';
import { Avatar } from '../../../ui/Avatar';
import type { MentionMenu as Menu } from '../use-mention-menu';
import { SuggestList } from './SuggestList';
import './MentionMenu.css';

/** The "@" menu's list above the composer: the members a pick would mention. */
export function MentionMenu({ id, menu }: { id: string; menu: Menu }) {
  const { t } = useTranslation();
  return (
    <SuggestList
      id={id}
      label={t('messages.mentions.label')}
      menu={menu}
      itemKey={(m) => String(m.id)}
      testId="mention-menu"
    >
      {(m) => (
        <>
          {/* The option is named by the text beside it. */}
          <span className="mention-menu-avatar" aria-hidden="true">
            <Avatar id={m.id} name={m.name} src={m.avatar} size={28} initials />
          </span>
          <span className="mention-menu-name">
            {m.name}
            <AccountBadge bot={m.is_bot} official={m.is_official} />
          </span>
          <span className="command-menu-about mention-menu-username">@{m.username}</span>
        </>
      )}
    </SuggestList>
  );
}
