import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommonGroup, Profile } from '@parley/protocol/profile';
import { AccountBadge } from '../../../ui/AccountBadge';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';

export type ProfilePanelProps = {
  profile: Profile | null;
  /** The profile could not be read (gone, or no longer shared). */
  failed: boolean;
  /** "online" / "last seen …", live. */
  line: string;
  online: boolean;
  groups: CommonGroup[] | null;
  /** The direct chat's flags; null without a direct chat (then only "Send message"). */
  direct: { muted: boolean; blocked: boolean } | null;
  busy: boolean;
  onClose: () => void;
  onSendMessage: () => void;
  onMute: () => void;
  onBlock: () => void;
  onCopyUsername: () => void;
  onOpenGroup: (id: number) => void;
  /** Room for the shared media gallery (built elsewhere); nothing is shown without it. */
  media?: ReactNode;
};

/**
 * A person's profile: a drawer on the right on a desktop, the whole screen
 * on a phone. Presentational; Escape and the × close it, focus stays inside.
 */
export function ProfilePanel(props: ProfilePanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const p = props.profile;
  return (
    <Dialog
      as="aside"
      className="info-panel profile-panel"
      backdropClassName="info-backdrop profile-backdrop"
      labelledBy={titleId}
      testId="profile-panel"
      onClose={props.onClose}
    >
      <header className="dialog-header">
        <h2 id={titleId}>{t('profile.title')}</h2>
        <button
          type="button"
          className="icon-button"
          onClick={props.onClose}
          aria-label={t('settings.close')}
          data-testid="profile-close"
        >
          ×
        </button>
      </header>
      <div className="info-scroll">
        {props.failed ? (
          <p className="profile-failed" role="alert">
            {t('profile.failed')}
          </p>
        ) : !p ? (
          <p className="profile-loading">{t('profile.loading')}</p>
        ) : (
          <>
            <div className="info-head">
              <Avatar id={p.id} name={p.name} src={p.avatar} size={112} initials />
              <h3 className="info-name" data-testid="profile-name">
                {p.name}
                {/* A bot's line below says "bot": only the official mark here. */}
                <AccountBadge official={p.is_official} />
              </h3>
              {/* A bot has no presence: "bot" instead of "last seen a long time ago". */}
              <p
                className={`profile-line${props.online && !p.is_bot ? ' is-online' : ''}`}
                data-testid="profile-last-seen"
              >
                {p.is_bot ? t('badge.bot') : props.line}
              </p>
            </div>
            <button
              type="button"
              className="profile-username"
              onClick={props.onCopyUsername}
              title={t('profile.copyUsername')}
              data-testid="profile-username"
            >
              <span className="profile-username-value">@{p.username}</span>
              <span className="profile-username-hint">{t('profile.copyUsername')}</span>
            </button>
            {p.status ? (
              <p className="info-description" data-testid="profile-status">
                {p.status}
              </p>
            ) : null}
            <div className="profile-actions">
              <Button onClick={props.onSendMessage} data-testid="profile-send">
                {t('profile.sendMessage')}
              </Button>
              {props.direct ? (
                <>
                  <Button
                    variant="secondary"
                    disabled={props.busy}
                    onClick={props.onMute}
                    data-testid="profile-mute"
                  >
                    {t(props.direct.muted ? 'profile.unmute' : 'profile.mute')}
                  </Button>
                  <Button
                    variant={props.direct.blocked ? 'secondary' : 'danger'}
                    disabled={props.busy}
                    onClick={props.onBlock}
                    data-testid="profile-block"
                  >
                    {t(props.direct.blocked ? 'profile.unblock' : 'profile.block')}
                  </Button>
                </>
              ) : null}
            </div>
            {props.media}
            <CommonGroups groups={props.groups} onOpen={props.onOpenGroup} />
          </>
        )}
      </div>
    </Dialog>
  );
}

function CommonGroups({
  groups,
  onOpen,
}: {
  groups: CommonGroup[] | null;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  if (groups === null) return null;
  return (
    <section className="info-section" data-testid="profile-groups">
      <h3 className="info-section-title">{t('profile.commonGroups')}</h3>
      {groups.length === 0 ? (
        <p className="info-count">{t('profile.noCommonGroups')}</p>
      ) : (
        <ul className="info-members">
          {groups.map((g) => (
            <li key={g.id}>
              <button
                type="button"
                className="info-member profile-group"
                onClick={() => onOpen(g.id)}
                data-testid={`profile-group-${g.id}`}
              >
                <Avatar id={g.id} name={g.name} src={g.avatar} size={36} initials />
                <span className="info-member-name">{g.name}</span>
                <span className="info-count">
                  {t('groups.count.group', { count: g.members_count })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
