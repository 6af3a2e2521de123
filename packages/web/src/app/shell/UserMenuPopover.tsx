import { useTranslation } from 'react-i18next';
import type { User } from '@parley/protocol/user';
import { Avatar } from '../../ui/Avatar';
import { LocaleSelect } from '../../ui/LocaleSelect';
import { logout } from '../../features/auth/logout';
import { useGroupUi } from '../../features/groups/store';
import { useSettingsUi } from '../../features/settings/store';

/**
 * The user menu's popover: who am I, new group or channel, settings, language,
 * log out. Its own chunk (with the language picker and log-out), loaded when
 * the menu first opens: the chat screen's first paint shows only the button.
 */
export function UserMenuPopover({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  const openSettings = useSettingsUi((s) => s.open);
  const createGroup = useGroupUi((s) => s.create);
  return (
    <div className="user-menu-popover" role="menu">
      {user ? (
        <div className="user-menu-who">
          <Avatar id={user.id} name={user.name} src={user.avatar} size={44} />
          <span>
            <strong>{user.name}</strong>
            <span className="user-menu-username">@{user.username}</span>
          </span>
        </div>
      ) : null}
      {(['group', 'channel'] as const).map((kind) => (
        <button
          key={kind}
          type="button"
          role="menuitem"
          className="user-menu-item"
          data-testid={`new-${kind}`}
          onClick={() => {
            onClose();
            createGroup(kind);
          }}
        >
          {t(`groups.new.${kind}`)}
        </button>
      ))}
      <button
        type="button"
        role="menuitem"
        className="user-menu-item"
        data-testid="open-settings"
        onClick={() => {
          onClose();
          openSettings();
        }}
      >
        {t('settings.title')}
      </button>
      <div className="user-menu-row">
        <span>{t('common.language')}</span>
        <LocaleSelect />
      </div>
      <button
        type="button"
        role="menuitem"
        className="user-menu-item is-danger"
        data-testid="logout"
        onClick={() => void logout({ callServer: true })}
      >
        {t('chat.logout')}
      </button>
    </div>
  );
}
