import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/ButtonLink';
import { SiteFooter } from '../../ui/SiteFooter';
import { SiteHeader } from '../../ui/SiteHeader';
import { FeatureIcon } from './FeatureIcon';
import type { FeatureIconName } from './FeatureIcon';
import './landing.css';
import './main-page.css';

const FEATURES: { icon: FeatureIconName; key: string }[] = [
  { icon: 'server', key: 'selfHosted' },
  { icon: 'bolt', key: 'fast' },
  { icon: 'lock', key: 'private' },
  { icon: 'people', key: 'groups' },
  { icon: 'device', key: 'everywhere' },
  { icon: 'globe', key: 'languages' },
];

/** `/main`: what Parley is, for people deciding whether to use or host it. */
export function MainPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <SiteHeader
        nav={[
          { to: '/main', label: t('nav.about') },
          { to: '/main/apps', label: t('nav.apps') },
        ]}
        actions={
          <ButtonLink to="/" variant="primary" size="md">
            {t('main.openParley')}
          </ButtonLink>
        }
      />
      <main>
        <section className="hero">
          <span className="eyebrow">{t('landing.eyebrow')}</span>
          <h1 className="hero-title">{t('main.title')}</h1>
          <p className="hero-lead">{t('main.lead')}</p>
          <div className="hero-actions">
            <ButtonLink to="/chat" variant="primary" size="lg">
              {t('main.openParley')}
            </ButtonLink>
            <ButtonLink to="/" variant="secondary" size="lg">
              {t('auth.signIn')}
            </ButtonLink>
            <ButtonLink to="/?tab=register" variant="ghost" size="lg">
              {t('auth.createAccount')}
            </ButtonLink>
          </div>
        </section>

        <section className="features" aria-labelledby="features-title">
          <h2 id="features-title" className="section-title">
            {t('main.featuresTitle')}
          </h2>
          <div className="feature-grid">
            {FEATURES.map((feature) => (
              <article key={feature.key} className="feature">
                <FeatureIcon name={feature.icon} />
                <h3>{t(`main.feature.${feature.key}.title`)}</h3>
                <p>{t(`main.feature.${feature.key}.text`)}</p>
              </article>
            ))}
          </div>
        </section>

        <section className="host" aria-labelledby="host-title">
          <div>
            <h2 id="host-title" className="section-title">
              {t('main.hostTitle')}
            </h2>
            <p className="host-text">{t('main.hostText')}</p>
          </div>
          <pre className="host-code" aria-label={t('main.hostCodeLabel')}>
            <code>{'npm install && npm start\n# then open http://localhost:8080'}</code>
          </pre>
        </section>
      </main>
      <SiteFooter
        tagline={t('footer.tagline')}
        links={[
          { to: '/main/apps', label: t('nav.apps') },
          { to: '/', label: t('auth.signIn') },
        ]}
      />
    </div>
  );
}
