import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Logo } from '../../ui/Logo';
import { SiteFooter } from '../../ui/SiteFooter';
import { SiteHeader } from '../../ui/SiteHeader';
import { promptInstall, useInstallStore } from './install-store';
import './apps.css';

const PLATFORMS = ['desktop', 'android', 'ios'] as const;

/** `/main/apps`: install Parley as an app from the deferred prompt, or explain how. */
export function AppsPage() {
  const { t } = useTranslation();
  const deferred = useInstallStore((s) => s.deferred);
  const installed = useInstallStore((s) => s.installed);
  const [busy, setBusy] = useState(false);

  const install = async () => {
    setBusy(true);
    try {
      await promptInstall();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <SiteHeader
        nav={[
          { to: '/main', label: t('nav.about') },
          { to: '/main/apps', label: t('nav.apps') },
        ]}
      />
      <main className="apps">
        <section className="apps-card">
          <Logo size={72} withText={false} />
          <h1>{t('apps.title')}</h1>
          <p className="apps-lead">{t('apps.lead')}</p>
          {installed ? (
            <p className="apps-status" data-testid="apps-installed">
              {t('apps.installed')}
            </p>
          ) : deferred ? (
            <Button
              size="lg"
              onClick={() => void install()}
              loading={busy}
              data-testid="install-app"
            >
              {t('apps.install')}
            </Button>
          ) : (
            <p className="apps-status">{t('apps.unavailable')}</p>
          )}
        </section>
        <section className="apps-howto" aria-labelledby="apps-howto-title">
          <h2 id="apps-howto-title">{t('apps.howtoTitle')}</h2>
          <div className="apps-steps">
            {PLATFORMS.map((platform) => (
              <article key={platform} className="apps-step">
                <h3>{t(`apps.platform.${platform}.title`)}</h3>
                <p>{t(`apps.platform.${platform}.text`)}</p>
              </article>
            ))}
          </div>
        </section>
      </main>
      <SiteFooter tagline={t('footer.tagline')} links={[{ to: '/main', label: t('nav.about') }]} />
    </div>
  );
}
