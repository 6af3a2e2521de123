import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useAuthStore } from './store';

/**
 * Spec 2: after a verify_username reply the user confirms their username;
 * login and password are resent with it (a leading @ is removed by the
 * protocol schema). Hidden again when the login state is reset.
 */
export function VerifyUsernameStep() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const loading = useAuthStore((s) => s.loading);
  const pending = useAuthStore((s) => s.pending);
  const errors = useAuthStore((s) => s.loginErrors);
  const signIn = useAuthStore((s) => s.login);
  const resetLogin = useAuthStore((s) => s.resetLogin);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) return resetLogin();
    void signIn({ ...pending, username });
  };

  const message = errors.username ?? errors.login ?? errors.password;

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <h2 className="auth-title">{t('auth.verifyTitle')}</h2>
      <p className="auth-subtitle">{t('auth.verifyHint')}</p>
      <TextField
        name="verify_username"
        label={t('auth.username')}
        placeholder="@username"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={message ? t(message) : undefined}
        autoFocus
      />
      <Button type="submit" size="lg" block loading={loading} data-testid="submit-verify-username">
        {t('auth.continue')}
      </Button>
      <Button variant="ghost" block onClick={resetLogin} disabled={loading}>
        {t('auth.back')}
      </Button>
    </form>
  );
}
