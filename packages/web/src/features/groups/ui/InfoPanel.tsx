import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ToggleRow } from '../../settings/ToggleRow';

export type InfoPanelProps = {
  id: number;
  kind: 'group' | 'channel';
  name: string;
  avatar: string | null;
  description: string | null;
  username: string | null;
  membersCount: number;
  notifications: boolean;
  onNotifications: (on: boolean) => void;
  onLeave: () => void;
  onClose: () => void;
  /** Shown to those who may edit info (matrix `edit_info`). */
  onEdit?: (() => void) | undefined;
  /** The edit form: while editing, it takes the whole panel. */
  editor?: ReactNode;
  /** Members, blocked users and the invite link, as the viewer may see them. */
  children?: ReactNode;
};

/** The conversation info panel of a group or channel: a drawer on the right. Presentational. */
export function InfoPanel(props: InfoPanelProps) {
  const { t } = useTranslation();
  const { onClose } = props;
  const titleId = useId();
  const link = props.username ? `${window.location.origin}/to/${props.username}` : null;
  return (
    <Dialog
      as="aside"
      className="info-panel"
      backdropClassName="info-backdrop"
      labelledBy={titleId}
      testId="info-panel"
      onClose={onClose}
    >
      <header className="dialog-header">
        <h2 id={titleId}>{t(`groups.info.${props.kind}`)}</h2>
        {props.onEdit && !props.editor ? (
          <button
            type="button"
            className="btn btn-ghost btn-md info-edit-button"
            onClick={props.onEdit}
            data-testid="info-edit-open"
          >
            <span>{t('groups.edit')}</span>
          </button>
        ) : null}
        <button
          type="button"
          className="icon-button"
          onClick={onClose}
          aria-label={t('settings.close')}
          data-testid="info-close"
        >
          ×
        </button>
      </header>
      <div className="info-scroll">
        {props.editor ?? (
          <>
            <div className="info-head">
              <Avatar id={props.id} name={props.name} src={props.avatar} size={88} initials />
              <h3 className="info-name" data-testid="info-name">
                {props.name}
              </h3>
              <p className="info-count" data-testid="info-count">
                {t(`groups.count.${props.kind}`, { count: props.membersCount })}
              </p>
            </div>
            {props.description ? (
              <p className="info-description" data-testid="info-description">
                {props.description}
              </p>
            ) : null}
            {link ? (
              <p className="info-username">
                <span>@{props.username}</span>
                <a href={link} data-testid="info-link">
                  {link}
                </a>
              </p>
            ) : null}
            <div className="settings-group info-notifications">
              <ToggleRow
                name="conversation-notifications"
                label={t('groups.notifications')}
                checked={props.notifications}
                onChange={props.onNotifications}
              />
            </div>
            {props.children}
            <div className="info-leave">
              <Button variant="danger" onClick={props.onLeave} data-testid="info-leave">
                {t(`groups.leave.${props.kind}`)}
              </Button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
