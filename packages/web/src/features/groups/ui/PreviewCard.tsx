import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationPreview } from '@parley/protocol/group';
import { Avatar } from '../../../ui/Avatar';
import './PreviewCard.css';

/** A group or channel as a visitor sees it before joining: no member list. Presentational. */
export function PreviewCard({
  preview,
  children,
}: {
  preview: ConversationPreview;
  /** The actions under the card (join, open, sign in). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const name = preview.name ?? t('conversations.untitled');
  return (
    <section className="preview-card" data-testid="preview-card">
      <Avatar id={preview.id} name={name} src={preview.avatar} size={96} initials />
      <h1 data-testid="preview-name">{name}</h1>
      {preview.username ? <p>@{preview.username}</p> : null}
      <p data-testid="preview-count">
        {t(`groups.count.${preview.type}`, { count: preview.members_count })}
      </p>
      {preview.description ? <p className="preview-description">{preview.description}</p> : null}
      {children}
    </section>
  );
}
