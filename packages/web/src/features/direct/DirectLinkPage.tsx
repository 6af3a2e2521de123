import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { ConversationPreview } from '@parley/protocol/group';
import { stripLeadingAt } from '@parley/protocol/rules/username';
import { errorMessage } from '../../api/errors';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { SiteHeader } from '../../ui/SiteHeader';
import { Spinner } from '../../ui/Spinner';
import { useSessionStore } from '../auth/session-store';
import { useConversationStore } from '../conversations/store';
import { openDirectChat } from '../conversations/open-direct';
import { joinByUsername, lookupUsername } from '../groups/api';
import { PreviewCard } from '../groups/ui/PreviewCard';
import './direct.css';

/** A stable number from a username, so the card colour does not change between visits. */
function hashOf(text: string): number {
  let hash = 0;
  for (const char of text.toLowerCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0;
  return hash;
}

type Found =
  { kind: 'looking' } | { kind: 'person' } | { kind: 'public'; preview: ConversationPreview };

/**
 * `/to/:username`: a public link to a person or to a public group or
 * channel (one namespace). Signed in, a person's link opens (finds or
 * creates) the direct chat at once, and a group's shows its card with Join
 * (or opens it for a member); anonymous visitors see the card.
 */
export function DirectLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const username = stripLeadingAt(useParams().username ?? '');
  const authenticated = useSessionStore((s) => s.authenticated);
  const [found, setFound] = useState<Found>({ kind: 'looking' });
  const [failed, setFailed] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);
  const [joinError, setJoinError] = useState<string | null>(null);

  useEffect(() => {
    if (username === '') return;
    let live = true;
    setFound({ kind: 'looking' });
    const open = (id: number) => live && navigate(`/chat/${id}`, { replace: true });
    lookupUsername(username).then(
      (reply) => {
        if (!live) return;
        if (reply.kind === 'conversation') {
          if (authenticated && reply.conversation.is_member) return open(reply.conversation.id);
          return setFound({ kind: 'public', preview: reply.conversation });
        }
        setFound({ kind: 'person' });
        if (!authenticated) return;
        openDirectChat({ username }).then(open, () => live && setFailed(username));
      },
      // Unknown here: the person's card, as before (a signed-in open fails the same way).
      () => {
        if (!live) return;
        setFound({ kind: 'person' });
        setFailed(username);
      },
    );
    return () => {
      live = false;
    };
  }, [authenticated, username, navigate]);

  const join = async () => {
    setJoining(true);
    setJoinError(null);
    try {
      const conversation = await joinByUsername(username);
      useConversationStore.getState().upsert([conversation]);
      void navigate(`/chat/${conversation.id}`, { replace: true });
    } catch (error) {
      setJoinError(errorMessage(error));
      setJoining(false);
    }
  };

  if (
    found.kind === 'looking' ||
    (found.kind === 'person' && authenticated && failed !== username)
  ) {
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
        {found.kind === 'public' ? (
          <PreviewCard preview={found.preview}>
            {joinError ? (
              <p className="field-error" role="alert" data-testid="join-error">
                {joinError}
              </p>
            ) : null}
            {authenticated ? (
              <Button
                size="lg"
                loading={joining}
                onClick={() => void join()}
                data-testid="join-button"
              >
                {t(`groups.join.${found.preview.type}`)}
              </Button>
            ) : (
              <>
                <ButtonLink to="/" size="lg" data-testid="direct-open">
                  {t('auth.signIn')}
                </ButtonLink>
                <p className="direct-note">{t('groups.signInToJoin')}</p>
              </>
            )}
          </PreviewCard>
        ) : (
          <section className="direct-card" data-testid="direct-card">
            <Avatar id={hashOf(username)} name={username} size={96} />
            <h1 className="direct-name">@{username}</h1>
            <p className="direct-hint">{t('direct.hint')}</p>
            <ButtonLink to={authenticated ? '/chat' : '/'} size="lg" data-testid="direct-open">
              {t('direct.openChat')}
            </ButtonLink>
            {authenticated ? null : <p className="direct-note">{t('direct.signInNote')}</p>}
          </section>
        )}
      </main>
    </div>
  );
}
