import { AccountBadge } from '../../../ui/AccountBadge';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockedUser, Member } from '@parley/protocol/member';
import { Avatar } from '../../../ui/Avatar';
import type { MemberAction } from '../member-actions';
import { useMenuDismiss } from '../../../ui/use-menu-dismiss';

export type MemberListProps = {
  members: Member[];
  blocked: BlockedUser[];
  ownId: number | null;
  /** The actions the viewer may take on each member (from the permission matrix). */
  actionsFor: (member: Member) => MemberAction[];
  canUnblock: boolean;
  onAction: (member: Member, action: MemberAction) => void;
  onUnblock: (user: BlockedUser) => void;
  /** A member's name or picture was clicked: their profile opens (not for oneself). */
  onOpen?: (member: Member, opener: HTMLElement) => void;
};

/** Members with role badges and a per-member menu; blocked users apart. Presentational. */
export function MemberList(props: MemberListProps) {
  const { t } = useTranslation();
  const [menuFor, setMenuFor] = useState<number | null>(null);
  return (
    <>
      <ul className="info-members" data-testid="info-members">
        {props.members.map((m) => {
          const actions = props.actionsFor(m);
          return (
            <li key={m.id} className="info-member" data-testid={`member-${m.username}`}>
              <MemberWho
                member={m}
                own={m.id === props.ownId}
                onOpen={m.id === props.ownId ? undefined : props.onOpen}
              />
              {m.pivot.role ? (
                <span
                  className={`info-badge is-${m.pivot.role}`}
                  data-testid={`role-${m.username}`}
                >
                  {t(`groups.role.${m.pivot.role}`)}
                </span>
              ) : null}
              {actions.length > 0 ? (
                <span className="info-member-menu">
                  <button
                    type="button"
                    className="icon-button"
                    aria-haspopup="menu"
                    aria-expanded={menuFor === m.id}
                    aria-label={t('groups.memberActions', { name: m.name })}
                    data-testid={`member-menu-${m.username}`}
                    onClick={() => setMenuFor(menuFor === m.id ? null : m.id)}
                  >
                    ⋯
                  </button>
                  {menuFor === m.id ? (
                    <ActionMenu
                      actions={actions}
                      onPick={(action) => {
                        setMenuFor(null);
                        props.onAction(m, action);
                      }}
                      onClose={() => setMenuFor(null)}
                    />
                  ) : null}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {props.canUnblock && props.blocked.length > 0 ? (
        <section className="info-section" data-testid="info-blocked">
          <h3 className="info-section-title">{t('groups.blocked')}</h3>
          <ul className="info-members">
            {props.blocked.map((u) => (
              <li key={u.id} className="info-member" data-testid={`blocked-${u.username}`}>
                <Avatar id={u.id} name={u.name} src={u.avatar} size={36} />
                <span className="info-member-name">
                  {u.name}
                  <AccountBadge bot={u.is_bot} official={u.is_official} />
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-md"
                  onClick={() => props.onUnblock(u)}
                  data-testid={`unblock-${u.username}`}
                >
                  <span>{t('groups.action.unblock')}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** A member's picture and name; a button that opens their profile when `onOpen` is given. */
function MemberWho({
  member: m,
  own,
  onOpen,
}: {
  member: Member;
  own: boolean;
  onOpen: MemberListProps['onOpen'];
}) {
  const { t } = useTranslation();
  const body = (
    <>
      <Avatar id={m.id} name={m.name} src={m.avatar} size={36} />
      <span className="info-member-name">
        {m.name}
        <AccountBadge bot={m.is_bot} official={m.is_official} />
        {own ? <span className="info-member-you"> · {t('conversations.you')}</span> : null}
      </span>
    </>
  );
  if (!onOpen) return body;
  return (
    <button
      type="button"
      className="info-member-open"
      onClick={(event) => onOpen(m, event.currentTarget)}
      aria-label={t('profile.openOf', { name: m.name })}
      data-testid={`member-open-${m.username}`}
    >
      {body}
    </button>
  );
}

function ActionMenu({
  actions,
  onPick,
  onClose,
}: {
  actions: MemberAction[];
  onPick: (action: MemberAction) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ref = useMenuDismiss(onClose, true);
  return (
    <div ref={ref} className="info-action-menu" role="menu">
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          role="menuitem"
          className={`user-menu-item${action === 'remove' || action === 'block' ? ' is-danger' : ''}`}
          data-testid={`member-action-${action}`}
          onClick={() => onPick(action)}
        >
          {t(`groups.action.${action}`)}
        </button>
      ))}
    </div>
  );
}
