import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { ToggleRow } from '../../settings/ToggleRow';
import type { ManagedKind } from '../api';
import { emptyDraft, nameField } from '../create-form';
import type { CreateDraft } from '../create-form';
import type { Contact } from '../use-contacts';
import { ContactPicker } from './ContactPicker';
import { InfoFields } from './InfoFields';

export type CreateDialogProps = {
  kind: ManagedKind;
  contacts: Contact[];
  /** Field → message (English, translated here); `_` is a message for the whole form. */
  errors: Record<string, string>;
  busy: boolean;
  onSubmit: (draft: CreateDraft) => void;
  onClose: () => void;
};

/** The create-group / create-channel form of spec 3 and 5. Presentational. */
export function CreateDialog({
  kind,
  contacts,
  errors,
  busy,
  onSubmit,
  onClose,
}: CreateDialogProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<CreateDraft>(emptyDraft);
  const set = <K extends keyof CreateDraft>(key: K, value: CreateDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const toggleMember = (id: number, on: boolean) =>
    set('memberIds', on ? [...draft.memberIds, id] : draft.memberIds.filter((m) => m !== id));

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft);
  };

  return (
    <div className="dialog-backdrop" onClick={onClose}>
      <div
        className="dialog group-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={t(`groups.new.${kind}`)}
        data-testid="create-dialog"
        onClick={(event) => event.stopPropagation()}
      >
        <header className="dialog-header">
          <h2>{t(`groups.new.${kind}`)}</h2>
          <button
            type="button"
            className="icon-button"
            onClick={onClose}
            aria-label={t('settings.close')}
          >
            ×
          </button>
        </header>
        <form className="group-form" onSubmit={submit} noValidate>
          <InfoFields
            kind={kind}
            id={0}
            nameField={nameField(kind)}
            draft={draft}
            currentAvatar={null}
            errors={errors}
            onChange={(key, value) => setDraft((d) => ({ ...d, [key]: value }))}
          />
          <div className="field">
            <span className="field-label">{t(`groups.members.${kind}`)}</span>
            <ContactPicker contacts={contacts} picked={draft.memberIds} onToggle={toggleMember} />
            {errors.member_ids ? (
              <p className="field-error" role="alert" data-testid="error-member_ids">
                {t(errors.member_ids)}
              </p>
            ) : null}
          </div>
          <ToggleRow
            name="has_tasks"
            label={t('groups.hasTasks')}
            description={t('groups.hasTasksHint')}
            checked={draft.hasTasks}
            onChange={(on) => set('hasTasks', on)}
          />
          {errors._ ? (
            <p className="field-error" role="alert" data-testid="create-error">
              {t(errors._)}
            </p>
          ) : null}
          <div className="group-form-actions">
            <Button variant="ghost" onClick={onClose}>
              {t('messages.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="create-submit">
              {t('groups.create')}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
