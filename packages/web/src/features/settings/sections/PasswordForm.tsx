import { useTranslation } from 'react-i18next';
import { passwordChangeRequestSchema } from '@parley/protocol/settings';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { changePassword } from '../api';
import { useSettingsForm } from '../use-settings-form';

const FIELDS = ['old_password', 'new_password', 'new_password_confirmation'] as const;
const empty = { old_password: '', new_password: '', new_password_confirmation: '' };

/** Spec 7 password change; on success every other device is signed out. */
export function PasswordForm() {
  const { t } = useTranslation();
  const { form, setField, errors, busy, done, onSubmit } = useSettingsForm({
    initial: () => empty,
    schema: passwordChangeRequestSchema,
    fields: FIELDS,
    save: async (_parsed, sent) => {
      await changePassword(sent);
      return empty;
    },
  });

  const field = (name: (typeof FIELDS)[number], label: string, autoComplete: string) => (
    <TextField
      name={name}
      type="password"
      label={label}
      autoComplete={autoComplete}
      value={form[name]}
      error={errors.fields[name] ? t(errors.fields[name]) : undefined}
      onChange={(event) => setField(name, event.target.value)}
    />
  );

  return (
    <form className="settings-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {field('old_password', t('settings.currentPassword'), 'current-password')}
      {field('new_password', t('settings.newPassword'), 'new-password')}
      {field('new_password_confirmation', t('settings.repeatPassword'), 'new-password')}
      {errors.message ? (
        <p className="field-error" role="alert">
          {t(errors.message)}
        </p>
      ) : null}
      <div className="settings-actions">
        {done ? (
          <span className="settings-saved" role="status" data-testid="password-changed">
            {t('settings.passwordChanged')}
          </span>
        ) : null}
        <Button type="submit" loading={busy} data-testid="password-save">
          {t('settings.changePassword')}
        </Button>
      </div>
    </form>
  );
}
