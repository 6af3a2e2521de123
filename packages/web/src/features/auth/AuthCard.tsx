import { useEffect, useState } from 'react';
import type { PublicServerInfo } from '@parley/protocol/server-info';
import { serverInfoCall } from './api';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { useAuthStore } from './store';
import './auth.css';

type Tab = 'login' | 'register';

/** Sign-in and registration on `/`, as two tabs of one card. */
export function AuthCard() {
  const { t } = useTranslation();
  // `/?tab=register` opens the registration tab (links from the marketing page).
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'register' ? 'register' : 'login');
  const resetLogin = useAuthStore((s) => s.resetLogin);
  const verifyUsername = useAuthStore((s) => s.verifyUsername);
  // The username prompt belongs to the sign-in tab, wherever the login started.
  const active: Tab = verifyUsername ? 'login' : tab;
  // Who may register and the password minimum; until it answers (or if it
  // fails) the form is the open one and the server still decides.
  const [info, setInfo] = useState<PublicServerInfo | null>(null);
  useEffect(() => {
    serverInfoCall().then(setInfo, () => undefined);
  }, []);

  const choose = (next: Tab) => {
    if (next === active) return;
    resetLogin(); // a fresh login state hides the username prompt and old errors
    setTab(next);
  };

  return (
    <section className="auth-card" aria-label={t('auth.cardLabel')}>
      {info ? (
        <p className="auth-server-name" data-testid="server-name">
          {info.name}
        </p>
      ) : null}
      <div className="auth-tabs" role="tablist">
        <button
          type="button"
          role="tab"
          id="tab-login"
          aria-selected={active === 'login'}
          aria-controls="panel-auth"
          className="auth-tab"
          data-testid="tab-login"
          onClick={() => choose('login')}
        >
          {t('auth.signIn')}
        </button>
        <button
          type="button"
          role="tab"
          id="tab-register"
          aria-selected={active === 'register'}
          aria-controls="panel-auth"
          className="auth-tab"
          data-testid="tab-register"
          onClick={() => choose('register')}
        >
          {t('auth.createAccount')}
        </button>
      </div>
      <div id="panel-auth" role="tabpanel" aria-labelledby={`tab-${active}`} className="auth-panel">
        {active === 'login' ? <LoginForm /> : <RegisterForm info={info} />}
      </div>
    </section>
  );
}
