import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar';
import { LocaleSelect } from '../../ui/LocaleSelect';
import { logout } from '../../features/auth/logout';
import { useAuthStore } from '../../features/auth/store';
import { useGroupUi } from '../../features/groups/store';
import { useSettingsUi } from '../../features/settings/store';

/** The avatar button of the sidebar and its menu: who am I, language, log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const [open, setOpen] = useState(false);
  const openSettings = useSettingsUi((s) => s.open);
  const createGroup = useGroupUi((s) => s.create);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('chat.menu')}
        data-testid="user-menu"
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar id={user?.id ?? 0} name={user?.name ?? ''} src={user?.avatar} size={36} />
      </button>
      {open ? (
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
                setOpen(false);
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
              setOpen(false);
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
      ) : null}
    </div>
  );
}
