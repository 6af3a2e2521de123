import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Logo } from '../../ui/Logo';
import { TextField } from '../../ui/TextField';
import { logout } from '../auth/logout';
import { checkSecret } from './api';
import { settingsErrors } from './form-errors';
import { useLock } from './lock';

/** The paranoid lock screen: the hint, the passcode, and a way out for a forgotten one. */
export function LockScreen({ hint }: { hint: string | null }) {
  const { t } = useTranslation();
  const unlock = useLock((s) => s.unlock);
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (secret === '') return setError(t('Enter your passcode'));
    setBusy(true);
    setError(null);
    try {
      await checkSecret(secret);
      unlock();
    } catch (failure) {
      // Spec 7: on HTTP 400 the reply's `error` is shown (the server sends it as the message too),
      // with how long the lock holds when that try spent the last one (errorMessage).
      setError(settingsErrors(failure, []).message);
      setSecret('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className="app-lock"
      role="dialog"
      aria-modal="true"
      aria-label={t('lock.title')}
      data-testid="app-lock"
    >
      <form className="app-lock-card" onSubmit={(event) => void onSubmit(event)} noValidate>
        <Logo size={40} />
        <h1>{t('lock.title')}</h1>
        <p className="settings-note">{t('lock.about')}</p>
        {hint ? (
          <p className="app-lock-hint" data-testid="lock-hint">
            {t('lock.hint', { hint })}
          </p>
        ) : null}
        <TextField
          name="secret"
          type="password"
          autoComplete="off"
          autoFocus
          label={t('settings.passcode')}
          value={secret}
          error={error ?? undefined}
          onChange={(event) => setSecret(event.target.value)}
        />
        <Button type="submit" block loading={busy} data-testid="unlock">
          {t('lock.unlock')}
        </Button>
        <button
          type="button"
          className="app-lock-logout"
          onClick={() => void logout({ callServer: true })}
        >
          {t('lock.forgot')}
        </button>
      </form>
    </div>
  );
}
