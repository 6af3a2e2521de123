import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { stripLeadingAt } from '@parley/protocol/rules/username';
import { Avatar } from '../../ui/Avatar';
import { ButtonLink } from '../../ui/ButtonLink';
import { SiteHeader } from '../../ui/SiteHeader';
import { useSessionStore } from '../auth/session-store';
import './direct.css';

/** A stable number from a username, so the card colour does not change between visits. */
function hashOf(text: string): number {
  let hash = 0;
  for (const char of text.toLowerCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0;
  return hash;
}

/** `/to/:username`: a public link to a person. The profile lookup arrives with its own issue. */
export function DirectLinkPage() {
  const { t } = useTranslation();
  const username = stripLeadingAt(useParams().username ?? '');
  const authenticated = useSessionStore((s) => s.authenticated);
  return (
    <div className="page">
      <SiteHeader nav={[{ to: '/main', label: t('nav.about') }]} />
      <main className="center-fill">
        <section className="direct-card" data-testid="direct-card">
          <Avatar id={hashOf(username)} name={username} size={96} />
          <h1 className="direct-name">@{username}</h1>
          <p className="direct-hint">{t('direct.hint')}</p>
          <ButtonLink to={authenticated ? '/chat' : '/'} size="lg" data-testid="direct-open">
            {t('direct.openChat')}
          </ButtonLink>
          {authenticated ? null : <p className="direct-note">{t('direct.signInNote')}</p>}
        </section>
      </main>
    </div>
  );
}
