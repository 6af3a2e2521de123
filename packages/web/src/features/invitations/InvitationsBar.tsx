import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { GroupInvitation } from '@parley/protocol/group-invitation';
import { errorMessage } from '../../api/errors';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { useConversationStore } from '../conversations/store';
import { acceptInvitation, declineInvitation } from './api';
import { useInvitationStore } from './store';
import './invitations.css';

/**
 * The open invitations above the chat list (the sidebar mounts this chunk
 * only while there is one): who asks the user into which group or channel,
 * with Accept (join and open it) and Decline.
 */
export function InvitationsBar() {
  const { t } = useTranslation();
  const invitations = useInvitationStore((s) => s.invitations);
  return (
    <section className="invitations" aria-labelledby="invitations-title" data-testid="invitations">
      <h2 id="invitations-title" className="invitations-title">
        {t('invitations.title', { count: invitations.length })}
      </h2>
      <ul className="invitations-list">
        {invitations.map((invitation) => (
          <InvitationItem key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </section>
  );
}

function InvitationItem({ invitation }: { invitation: GroupInvitation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { conversation, inviter } = invitation;
  const name = conversation.name ?? t(`invitations.${conversation.type}`);

  const answer = async (accept: boolean) => {
    setBusy(true);
    setError(null);
    try {
      if (accept) {
        const joined = await acceptInvitation(invitation.id);
        useConversationStore.getState().upsert([joined]);
        void navigate(`/chat/${joined.id}`);
      } else {
        await declineInvitation(invitation.id);
      }
      useInvitationStore.getState().drop(invitation.id);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <li className="invitation" data-testid={`invitation-${conversation.id}`}>
      <Avatar id={conversation.id} name={name} src={conversation.avatar} size={36} initials />
      <div className="invitation-text">
        <span className="invitation-name">{name}</span>
        <span className="invitation-from">
          {t(`invitations.from.${conversation.type}`, { name: inviter.name })}
        </span>
        {error ? (
          <span className="field-error" role="alert">
            {error}
          </span>
        ) : null}
      </div>
      <div className="invitation-actions">
        <Button
          variant="primary"
          disabled={busy}
          onClick={() => void answer(true)}
          data-testid="invitation-accept"
        >
          {t('invitations.accept')}
        </Button>
        <Button
          variant="ghost"
          disabled={busy}
          onClick={() => void answer(false)}
          data-testid="invitation-decline"
        >
          {t('invitations.decline')}
        </Button>
      </div>
    </li>
  );
}
