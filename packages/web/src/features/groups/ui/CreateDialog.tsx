import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { ToggleRow } from '../../settings/ToggleRow';
import type { ManagedKind } from '../api';
import { emptyDraft, nameField } from '../create-form';
import type { CreateDraft } from '../create-form';
import type { Contact } from '../use-contacts';
import { ContactPicker } from './ContactPicker';
import { GroupDialog } from './GroupDialog';
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft);
  };

  return (
    <GroupDialog title={t(`groups.new.${kind}`)} testId="create-dialog" onClose={onClose}>
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
    </GroupDialog>
  );
}
