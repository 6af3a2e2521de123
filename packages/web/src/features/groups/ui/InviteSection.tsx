import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { ToggleRow } from '../../settings/ToggleRow';

/**
 * Joining by link on or off (allow_invitation), and the link with copy,
 * regenerate and revoke (for those who may manage invites).
 */
export function InviteSection({
  link,
  allowed,
  onAllowed,
  onCopy,
  onRegenerate,
  onRevoke,
}: {
  /** The full join URL, or null when there is no link yet (or it was revoked). */
  link: string | null;
  /** allow_invitation: off keeps the token but refuses joining by it. */
  allowed: boolean;
  onAllowed: (on: boolean) => void;
  onCopy: () => void;
  onRegenerate: () => void;
  onRevoke: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="info-section" data-testid="info-invite">
      <h3 className="info-section-title">{t('groups.inviteLink')}</h3>
      <div className="settings-group">
        <ToggleRow
          name="allow-invitation"
          label={t('groups.allowInvitation')}
          description={t(allowed ? 'groups.allowInvitationOn' : 'groups.allowInvitationOff')}
          checked={allowed}
          onChange={onAllowed}
        />
      </div>
      {link ? (
        <input
          className="field-input info-invite-link"
          readOnly
          value={link}
          aria-label={t('groups.inviteLink')}
          onFocus={(event) => event.target.select()}
          data-testid="invite-link"
        />
      ) : (
        <p className="settings-note">{t('groups.noInviteLink')}</p>
      )}
      <div className="info-invite-buttons">
        {link ? (
          <Button variant="secondary" onClick={onCopy} data-testid="invite-copy">
            {t('groups.copyLink')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onRegenerate} data-testid="invite-regenerate">
          {link ? t('groups.regenerateLink') : t('groups.createLink')}
        </Button>
        {link ? (
          <Button variant="ghost" onClick={onRevoke} data-testid="invite-revoke">
            {t('groups.revokeLink')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
