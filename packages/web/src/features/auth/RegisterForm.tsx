import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@parley/protocol/constants';
import type { PublicServerInfo } from '@parley/protocol/server-info';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useAuthStore } from './store';

const EMPTY = { name: '', username: '', login: '', password: '', invite_code: '' };

/** `info`: the server's registration mode and password minimum (null until known). */
export function RegisterForm({ info }: { info: PublicServerInfo | null }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY);
  const loading = useAuthStore((s) => s.loading);
  const errors = useAuthStore((s) => s.registerErrors);
  const register = useAuthStore((s) => s.register);

  const invite = info?.registration_mode === 'invite';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // On success the store logs in and the landing guard moves on to /chat.
    const { invite_code, ...account } = form;
    void register(invite ? { ...account, invite_code } : account);
  };

  const bind = (field: keyof typeof EMPTY) => ({
    name: field,
    value: form[field],
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [field]: e.target.value })),
    error: errors[field] ? t(errors[field]) : undefined,
  });

  if (info?.registration_mode === 'closed') {
    return (
      <div className="auth-form" data-testid="registration-closed">
        <h2 className="auth-title">{t('auth.createTitle')}</h2>
        <p className="auth-subtitle">{t('Registration is closed on this server')}</p>
      </div>
    );
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <h2 className="auth-title">{t('auth.createTitle')}</h2>
      <p className="auth-subtitle">{t('auth.createHint')}</p>
      <TextField label={t('auth.name')} autoComplete="name" autoFocus {...bind('name')} />
      <TextField
        label={t('auth.username')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint={t('auth.usernameHint')}
        {...bind('username')}
      />
      <TextField
        label={t('auth.login')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...bind('login')}
      />
      <TextField
        type="password"
        label={t('auth.password')}
        autoComplete="new-password"
        hint={t('auth.passwordHint', { min: info?.password_min_length ?? PASSWORD_MIN_LENGTH })}
        {...bind('password')}
      />
      {invite ? (
        <TextField
          label={t('auth.inviteCode')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint={t('auth.inviteCodeHint')}
          {...bind('invite_code')}
        />
      ) : null}
      <Button type="submit" size="lg" block loading={loading} data-testid="submit-register">
        {t('auth.createAccount')}
      </Button>
    </form>
  );
}
