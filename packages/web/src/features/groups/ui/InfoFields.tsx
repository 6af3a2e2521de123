import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MAX_LENGTH } from '@parley/protocol/group';
import { TextField } from '../../../ui/TextField';
import type { ManagedKind } from '../api';
import type { InfoDraft } from '../create-form';
import { AvatarPicker } from './AvatarPicker';

/**
 * What a group or channel is: avatar, name, public or private with its
 * username, description. Shared by the create form and the info panel's
 * edit form; each message sits under its field. Presentational.
 */
export function InfoFields({
  kind,
  id,
  nameField,
  draft,
  currentAvatar,
  errors,
  onChange,
}: {
  kind: ManagedKind;
  /** The conversation's id (avatar colour); 0 while creating. */
  id: number;
  /** The name input's field: `group_name`/`channel_name` (create) or `name` (edit). */
  nameField: string;
  draft: InfoDraft;
  currentAvatar: string | null;
  /** Field → message, English (the i18n key), translated here. */
  errors: Record<string, string>;
  onChange: <K extends keyof InfoDraft>(key: K, value: InfoDraft[K]) => void;
}) {
  const { t } = useTranslation();
  const error = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <>
      <AvatarPicker
        id={id}
        name={draft.name}
        current={currentAvatar}
        file={draft.avatar}
        error={error('avatar')}
        onPick={(file) => onChange('avatar', file)}
      />
      <TextField
        name={nameField}
        label={t(`groups.name.${kind}`)}
        value={draft.name}
        error={error(nameField)}
        onChange={(event) => onChange('name', event.target.value)}
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
              onChange={() => onChange('type', type)}
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
          onChange={(event) => onChange('username', event.target.value)}
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
          onChange={(event) => onChange('description', event.target.value)}
        />
        {errors.description ? (
          <p className="field-error" role="alert" data-testid="error-description">
            {error('description')}
          </p>
        ) : null}
      </div>
    </>
  );
}
