import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import { useObjectUrl } from './use-object-url';

/**
 * The avatar of the create and edit forms: the chosen picture's preview (or
 * the current avatar), a file button and the field's message. Presentational.
 */
export function AvatarPicker({
  id,
  name,
  current,
  file,
  error,
  onPick,
}: {
  id: number;
  name: string;
  /** The avatar the conversation has now (edit form), shown until a file is chosen. */
  current: string | null;
  file: File | null;
  /** Already translated. */
  error: string | undefined;
  onPick: (file: File | null) => void;
}) {
  const { t } = useTranslation();
  const preview = useObjectUrl(file);
  return (
    <div className="group-avatar-pick">
      {preview ? (
        <img className="group-avatar-preview" src={preview} alt="" data-testid="avatar-preview" />
      ) : (
        <Avatar id={id} name={name || '?'} src={current} size={72} initials />
      )}
      <label className="btn btn-secondary btn-md group-avatar-button">
        <span>{t(current ? 'groups.changeAvatar' : 'groups.chooseAvatar')}</span>
        <input
          type="file"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          hidden
          data-testid="group-avatar-input"
          onChange={(event) => onPick(event.target.files?.[0] ?? null)}
        />
      </label>
      {error ? (
        <p className="field-error" role="alert" data-testid="error-avatar">
          {error}
        </p>
      ) : null}
    </div>
  );
}
