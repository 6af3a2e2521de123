import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { ConversationPreview } from '@parley/protocol/group';
import { errorMessage } from '../../api/errors';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Logo } from '../../ui/Logo';
import { Spinner } from '../../ui/Spinner';
import { useConversationStore } from '../conversations/store';
import { fetchInvitePreview, joinByToken } from '../groups/api';
import { PreviewCard } from '../groups/ui/PreviewCard';
import './join.css';

type State =
  | { kind: 'loading' }
  | { kind: 'preview'; preview: ConversationPreview }
  | { kind: 'failed'; message: string };

/**
 * `/conversations/join/:join_token`: the group's name, avatar and member
 * count, and a Join button; a member goes straight to the chat. An invalid
 * or revoked link, invitations turned off, or a removed user: the server's
 * message.
 */
export function JoinPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { join_token: token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [joining, setJoining] = useState(false);
  const [joinError, setJoinError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    fetchInvitePreview(token).then(
      (preview) => {
        if (!live) return;
        if (preview.is_member) void navigate(`/chat/${preview.id}`, { replace: true });
        else setState({ kind: 'preview', preview });
      },
      (error: unknown) => live && setState({ kind: 'failed', message: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [token, navigate]);

  const join = async () => {
    setJoining(true);
    setJoinError(null);
    try {
      const conversation = await joinByToken(token);
      useConversationStore.getState().upsert([conversation]);
      void navigate(`/chat/${conversation.id}`, { replace: true });
    } catch (error) {
      setJoinError(errorMessage(error));
      setJoining(false);
    }
  };

  return (
    <main className="center-fill" data-testid="join-page">
      {state.kind === 'preview' ? (
        <PreviewCard preview={state.preview}>
          {joinError ? (
            <p className="field-error" role="alert" data-testid="join-error">
              {joinError}
            </p>
          ) : null}
          <Button size="lg" loading={joining} onClick={() => void join()} data-testid="join-button">
            {t(`groups.join.${state.preview.type}`)}
          </Button>
          <ButtonLink to="/chat" variant="ghost">
            {t('join.backToChats')}
          </ButtonLink>
        </PreviewCard>
      ) : (
        <section className="join-card">
          <Logo size={48} withText={false} />
          <h1>{t('join.title')}</h1>
          {state.kind === 'loading' ? (
            <>
              <p>{t('join.checking')}</p>
              <Spinner size={32} />
            </>
          ) : (
            <p className="field-error" role="alert" data-testid="join-error">
              {state.message}
            </p>
          )}
          <ButtonLink to="/chat" variant="secondary">
            {t('join.backToChats')}
          </ButtonLink>
        </section>
      )}
    </main>
  );
}
