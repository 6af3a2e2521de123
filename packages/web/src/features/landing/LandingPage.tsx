import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from '../../ui/SiteFooter';
import { SiteHeader } from '../../ui/SiteHeader';
import './landing.css';

/** `/` for anonymous visitors: a short pitch beside the auth card passed in by app/. */
export function LandingPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const points = [t('landing.point1'), t('landing.point2'), t('landing.point3')];
  return (
    <div className="page">
      <SiteHeader
        homeTo="/"
        nav={[
          { to: '/main', label: t('nav.about') },
          { to: '/main/apps', label: t('nav.apps') },
        ]}
      />
      <main className="landing">
        <div className="landing-pitch">
          <span className="eyebrow">{t('landing.eyebrow')}</span>
          <h1 className="landing-title">{t('landing.title')}</h1>
          <p className="landing-lead">{t('landing.lead')}</p>
          <ul className="landing-points">
            {points.map((point) => (
              <li key={point}>
                <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
                  <circle cx="10" cy="10" r="10" fill="var(--accent-soft)" />
                  <path
                    d="m6 10.5 2.6 2.5L14 7.5"
                    fill="none"
                    stroke="var(--accent)"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div className="landing-auth">{children}</div>
      </main>
      <SiteFooter
        tagline={t('footer.tagline')}
        links={[
          { to: '/main', label: t('nav.about') },
          { to: '/main/apps', label: t('nav.apps') },
        ]}
      />
    </div>
  );
}
