import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import type { ManagedKind } from '../api';
import type { InfoDraft } from '../create-form';
import { InfoFields } from './InfoFields';

/** The info panel in edit mode: the conversation's fields, Save and Cancel. Presentational. */
export function InfoEditForm({
  kind,
  id,
  initial,
  currentAvatar,
  errors,
  busy,
  onSubmit,
  onCancel,
}: {
  kind: ManagedKind;
  id: number;
  initial: InfoDraft;
  currentAvatar: string | null;
  /** Field → message (English, translated here); `_` is a message for the whole form. */
  errors: Record<string, string>;
  busy: boolean;
  onSubmit: (draft: InfoDraft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<InfoDraft>(initial);
  const set = <K extends keyof InfoDraft>(key: K, value: InfoDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft);
  };
  return (
    <form
      className="group-form info-edit-form"
      onSubmit={submit}
      noValidate
      data-testid="info-edit"
    >
      <InfoFields
        kind={kind}
        id={id}
        nameField="name"
        draft={draft}
        currentAvatar={currentAvatar}
        errors={errors}
        onChange={set}
      />
      {errors._ ? (
        <p className="field-error" role="alert" data-testid="edit-error">
          {t(errors._)}
        </p>
      ) : null}
      <div className="group-form-actions">
        <Button variant="ghost" onClick={onCancel} data-testid="edit-cancel">
          {t('messages.cancel')}
        </Button>
        <Button type="submit" loading={busy} data-testid="edit-save">
          {t('groups.save')}
        </Button>
      </div>
    </form>
  );
}
