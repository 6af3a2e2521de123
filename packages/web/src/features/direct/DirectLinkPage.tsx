import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { stripLeadingAt } from '@parley/protocol/rules/username';
import { Avatar } from '../../ui/Avatar';
import { ButtonLink } from '../../ui/ButtonLink';
import { SiteHeader } from '../../ui/SiteHeader';
import { Spinner } from '../../ui/Spinner';
import { useSessionStore } from '../auth/session-store';
import { openDirectChat } from '../conversations/open-direct';
import './direct.css';

/** A stable number from a username, so the card colour does not change between visits. */
function hashOf(text: string): number {
  let hash = 0;
  for (const char of text.toLowerCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0;
  return hash;
}

/**
 * `/to/:username`: a public link to a person. Signed in, it opens (finds or
 * creates) the direct chat at once; anonymous visitors see the card.
 */
export function DirectLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const username = stripLeadingAt(useParams().username ?? '');
  const authenticated = useSessionStore((s) => s.authenticated);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (!authenticated || username === '') return;
    let live = true;
    openDirectChat({ username }).then(
      (id) => live && navigate(`/chat/${id}`, { replace: true }),
      () => live && setFailed(username),
    );
    return () => {
      live = false;
    };
  }, [authenticated, username, navigate]);

  if (authenticated && failed !== username) {
    return (
      <div className="center-fill" data-testid="direct-opening">
        <Spinner />
      </div>
    );
  }
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
