import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../lib/lazy';
import { Avatar } from '../../ui/Avatar';
import { useAuthStore } from '../../features/auth/store';

// The popover (and the language picker, log-out) loads when the menu first opens.
const UserMenuPopover = lazyPage(() => import('./UserMenuPopover'), 'UserMenuPopover');

/** The avatar button of the sidebar and its menu: who am I, language, log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const [open, setOpen] = useState(false);
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
        <Suspense fallback={null}>
          <UserMenuPopover user={user} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
