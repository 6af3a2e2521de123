import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { ConversationPreview } from '@parley/protocol/group';
import { stripLeadingAt } from '@parley/protocol/rules/username';
import { ApiError, errorMessage } from '../../api/errors';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { SiteHeader } from '../../ui/SiteHeader';
import { Spinner } from '../../ui/Spinner';
import { useSessionStore } from '../auth/session-store';
import { useConversationStore } from '../conversations/store';
import { openDirectChat } from '../conversations/open-direct';
import { joinByUsername, lookupUsername } from '../groups/api';
import { PreviewCard } from '../groups/ui/PreviewCard';
import { NobodyCard } from './NobodyCard';
import { PersonCard } from './PersonCard';
import type { LinkedPerson } from './PersonCard';
import './direct.css';

type Found =
  | { kind: 'looking' }
  | { kind: 'person'; person: LinkedPerson }
  | { kind: 'public'; preview: ConversationPreview }
  /** Nobody has this username (404), or it cannot be one (422). */
  | { kind: 'nobody' }
  /** The lookup itself failed (offline, server error): its message, and a retry. */
  | { kind: 'error'; message: string };

/** The server's "there is nobody by that name": unknown, or not a username at all. */
const isNobody = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 422);

/**
 * `/to/:username`: a public link to a person or to a public group or
 * channel (one namespace). Signed in, a person's link opens (finds or
 * creates) the direct chat at once, and a group's shows its card with Join
 * (or opens it for a member); anonymous visitors see the card, with the
 * name and avatar the public lookup gives. A name nobody has says so.
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
  /** Bumped by "Retry" after a failed lookup. */
  const [attempt, setAttempt] = useState(0);

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
        setFound({ kind: 'person', person: reply.user });
        if (!authenticated) return;
        openDirectChat({ username }).then(open, () => live && setFailed(username));
      },
      (error: unknown) => {
        if (!live) return;
        setFound(
          isNobody(error) ? { kind: 'nobody' } : { kind: 'error', message: errorMessage(error) },
        );
      },
    );
    return () => {
      live = false;
    };
  }, [authenticated, username, navigate, attempt]);

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
        ) : found.kind === 'person' ? (
          <PersonCard person={found.person} authenticated={authenticated} />
        ) : found.kind === 'nobody' ? (
          <NobodyCard username={username} authenticated={authenticated} />
        ) : (
          <section className="direct-card" data-testid="direct-failed">
            <p className="field-error" role="alert">
              {found.message}
            </p>
            <Button size="lg" onClick={() => setAttempt((n) => n + 1)} data-testid="direct-retry">
              {t('messages.retry')}
            </Button>
          </section>
        )}
      </main>
    </div>
  );
}
