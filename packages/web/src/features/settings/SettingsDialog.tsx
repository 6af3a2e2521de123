import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppearanceSection } from './sections/AppearanceSection';
import { LanguageSection } from './sections/LanguageSection';
import { NotificationsSection } from './sections/NotificationsSection';
import { PrivacySection } from './sections/PrivacySection';
import { ProfileSection } from './sections/ProfileSection';
import { SecuritySection } from './sections/SecuritySection';
import { SessionsSection } from './sections/SessionsSection';
import { Dialog } from '../../ui/Dialog';
import { useAuthStore } from '../auth/store';
import { sectionsFor, useSettingsUi } from './store';
import type { Section } from './store';

// My bots loads with its own chunk (the bot schemas and calls come with it).
const MyBotsSection = lazy(async () => ({
  default: (await import('./bots/MyBotsSection')).MyBotsSection,
}));

// Administration is a chunk of its own: only administrators ever load it.
const AdminSection = lazy(async () => ({
  default: (await import('./admin/AdminSection')).AdminSection,
}));

const ICONS: Record<Section, string> = {
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
  privacy: 'M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Z',
  security: 'M7 11V8a5 5 0 0 1 10 0v3M6 11h12v9H6z',
  notifications: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2Zm4 4h4',
  sessions: 'M4 5h16v10H4zM9 19h6M12 15v4',
  bots: 'M6 9h12v10H6zM12 5v4M9 13h.01M15 13h.01M9 16h6M4 13v3M20 13v3',
  language:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-9-9h18M12 3c2.5 3 2.5 15 0 18M12 3c-2.5 3-2.5 15 0 18',
  appearance: 'M12 3a9 9 0 1 0 0 18V3Zm0 0a9 9 0 0 1 0 18',
  admin:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM4 12h2m12 0h2M12 4v2m0 12v2M6.3 6.3l1.4 1.4m8.6 8.6 1.4 1.4m0-11.4-1.4 1.4m-8.6 8.6-1.4 1.4',
};

const BODIES: Record<Section, () => ReactNode> = {
  profile: () => <ProfileSection />,
  privacy: () => <PrivacySection />,
  security: () => <SecuritySection />,
  notifications: () => <NotificationsSection />,
  sessions: () => <SessionsSection />,
  bots: () => (
    <Suspense fallback={null}>
      <MyBotsSection />
    </Suspense>
  ),
  language: () => <LanguageSection />,
  appearance: () => <AppearanceSection />,
  admin: () => (
    <Suspense fallback={null}>
      <AdminSection />
    </Suspense>
  ),
};

function Icon({ section }: { section: Section }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={ICONS[section]} />
    </svg>
  );
}

/** The settings panel: sections on the left (a list first on a phone), the open one on the right. */
export function SettingsDialog() {
  const { t } = useTranslation();
  const { section, showList, pick, back, close } = useSettingsUi();
  const sections = sectionsFor(useAuthStore((s) => s.user));

  if (section === null) return null;
  return (
    <Dialog
      className={`settings-dialog${showList ? ' is-list' : ' is-section'}`}
      backdropClassName="settings-backdrop"
      label={t('settings.title')}
      testId="settings-dialog"
      onClose={close}
    >
      <nav className="settings-nav" aria-label={t('settings.title')}>
        <header className="settings-header">
          <h2>{t('settings.title')}</h2>
          <button
            type="button"
            className="icon-button settings-close-phone"
            onClick={close}
            aria-label={t('settings.close')}
          >
            ×
          </button>
        </header>
        <ul>
          {sections.map((s) => (
            <li key={s}>
              <button
                type="button"
                className={`settings-nav-item${s === section ? ' is-active' : ''}`}
                aria-current={s === section ? 'page' : undefined}
                data-testid={`settings-tab-${s}`}
                onClick={() => pick(s)}
              >
                <Icon section={s} />
                <span>{t(`settings.section.${s}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section className="settings-body">
        <header className="settings-header">
          <button
            type="button"
            className="icon-button settings-back"
            onClick={back}
            aria-label={t('settings.back')}
          >
            ‹
          </button>
          <h2>{t(`settings.section.${section}`)}</h2>
          <button
            type="button"
            className="icon-button"
            onClick={close}
            aria-label={t('settings.close')}
            data-testid="settings-close"
          >
            ×
          </button>
        </header>
        <div className="settings-scroll">{BODIES[section]()}</div>
      </section>
    </Dialog>
  );
}
