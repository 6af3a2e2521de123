import { lazy, Suspense } from 'react';
import { appLockEnabled } from '@parley/protocol/rules/privacy';
import { useAuthStore } from '../auth/store';
import { useIdleLock, useLock } from './lock';
import { LockLayer } from './LockLayer';
import { useSettingsUi } from './store';
import './settings.css';

// The chat shell mounts this: the settings panel when open, and the paranoid
// lock. Both screens are chunks of their own; while the lock screen's chunk
// loads, an opaque cover already hides the app, and the app behind the lock
// is inert and out of the accessibility tree (LockLayer).
const SettingsDialog = lazy(async () => ({
  default: (await import('./SettingsDialog')).SettingsDialog,
}));
const LockScreen = lazy(async () => ({ default: (await import('./LockScreen')).LockScreen }));

export function SettingsHost() {
  const open = useSettingsUi((s) => s.section !== null);
  const user = useAuthStore((s) => s.user);
  const unlocked = useLock((s) => s.unlocked);
  const locking = user !== null && appLockEnabled(user);
  useIdleLock(locking);
  return (
    <>
      {open ? (
        <Suspense fallback={null}>
          <SettingsDialog />
        </Suspense>
      ) : null}
      {locking && !unlocked ? (
        <LockLayer>
          <Suspense fallback={<div className="app-lock" />}>
            <LockScreen hint={user.secret_hint} />
          </Suspense>
        </LockLayer>
      ) : null}
    </>
  );
}
