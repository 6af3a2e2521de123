import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useAuthStore } from './store';
import { VerifyUsernameStep } from './VerifyUsernameStep';

export function LoginForm() {
  const { t } = useTranslation();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const loading = useAuthStore((s) => s.loading);
  const errors = useAuthStore((s) => s.loginErrors);
  const verifyUsername = useAuthStore((s) => s.verifyUsername);
  const signIn = useAuthStore((s) => s.login);

  if (verifyUsername) return <VerifyUsernameStep />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void signIn({ login, password });
  };

  // Messages are English texts used as keys: t() shows them in the current language.
  const error = (field: string) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <h2 className="auth-title">{t('auth.welcomeBack')}</h2>
      <p className="auth-subtitle">{t('auth.signInHint')}</p>
      <TextField
        name="login"
        label={t('auth.login')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={login}
        onChange={(e) => setLogin(e.target.value)}
        error={error('login')}
        autoFocus
      />
      <TextField
        name="password"
        type="password"
        label={t('auth.password')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error('password')}
      />
      <Button type="submit" size="lg" block loading={loading} data-testid="submit-login">
        {t('auth.signIn')}
      </Button>
    </form>
  );
}
