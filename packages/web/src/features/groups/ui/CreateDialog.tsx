import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MAX_LENGTH } from '@parley/protocol/group';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { ToggleRow } from '../../settings/ToggleRow';
import type { ManagedKind } from '../api';
import { emptyDraft, nameField } from '../create-form';
import type { CreateDraft } from '../create-form';
import type { Contact } from '../use-contacts';

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
  const preview = useObjectUrl(draft.avatar);
  const set = <K extends keyof CreateDraft>(key: K, value: CreateDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const error = (field: string) => (errors[field] ? t(errors[field]) : undefined);
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
          <div className="group-avatar-pick">
            {preview ? (
              <img
                className="group-avatar-preview"
                src={preview}
                alt=""
                data-testid="avatar-preview"
              />
            ) : (
              <Avatar id={0} name={draft.name || '?'} size={72} initials />
            )}
            <label className="btn btn-secondary btn-md group-avatar-button">
              <span>{t('groups.chooseAvatar')}</span>
              <input
                type="file"
                accept=".jpg,.jpeg,.png,image/jpeg,image/png"
                hidden
                data-testid="group-avatar-input"
                onChange={(event) => set('avatar', event.target.files?.[0] ?? null)}
              />
            </label>
            {errors.avatar ? (
              <p className="field-error" role="alert" data-testid="error-avatar">
                {t(errors.avatar)}
              </p>
            ) : null}
          </div>
          <TextField
            name={nameField(kind)}
            label={t(`groups.name.${kind}`)}
            value={draft.name}
            error={error(nameField(kind))}
            onChange={(event) => set('name', event.target.value)}
            autoFocus
          />
          <fieldset className="group-type">
            <legend className="field-label">{t('groups.type')}</legend>
            {(['private', 'public'] as const).map((type) => (
              <label key={type} className="group-type-option">
                <input
                  type="radio"
                  name="type"
                  value={type}
                  checked={draft.type === type}
                  onChange={() => set('type', type)}
                  data-testid={`type-${type}`}
                />
                <span>
                  <strong>{t(`groups.type.${type}`)}</strong>
                  <span className="settings-row-description">
                    {t(`groups.type.${type}Hint.${kind}`)}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          {draft.type === 'public' ? (
            <TextField
              name="username"
              label={t('groups.username')}
              hint={t('groups.usernameHint')}
              value={draft.username}
              error={error('username')}
              onChange={(event) => set('username', event.target.value)}
            />
          ) : null}
          <div className={`field${errors.description ? ' field-invalid' : ''}`}>
            <label className="field-label" htmlFor="group-description">
              {t('groups.description')}
            </label>
            <textarea
              id="group-description"
              name="description"
              className="field-input group-description"
              rows={2}
              maxLength={DESCRIPTION_MAX_LENGTH}
              value={draft.description}
              onChange={(event) => set('description', event.target.value)}
            />
            {errors.description ? (
              <p className="field-error" role="alert" data-testid="error-description">
                {t(errors.description)}
              </p>
            ) : null}
          </div>
          <div className="field">
            <span className="field-label">{t(`groups.members.${kind}`)}</span>
            {contacts.length === 0 ? (
              <p className="settings-note">{t('groups.noContacts')}</p>
            ) : (
              <ul className="group-pick-list" data-testid="member-picker">
                {contacts.map((c) => (
                  <li key={c.id}>
                    <label className="group-pick">
                      <input
                        type="checkbox"
                        checked={draft.memberIds.includes(c.id)}
                        onChange={(event) => toggleMember(c.id, event.target.checked)}
                        data-testid={`pick-${c.id}`}
                      />
                      <Avatar id={c.id} name={c.name} src={c.avatar} size={32} />
                      <span>{c.name}</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
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

/** A preview URL for the chosen file, released when it changes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/')) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
