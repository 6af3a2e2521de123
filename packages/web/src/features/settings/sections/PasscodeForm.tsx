import { useTranslation } from 'react-i18next';
import { SECRET_HINT_MAX_LENGTH, setSecretRequestSchema } from '@parley/protocol/settings';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useAuthStore } from '../../auth/store';
import { setSecret } from '../api';
import { patchUser } from '../store';
import { useSettingsForm } from '../use-settings-form';

const FIELDS = ['secret', 'secret_confirmation', 'secret_hint'] as const;

/** The secret passcode that locks the app in paranoid mode, with a hint for the lock screen. */
export function PasscodeForm() {
  const { t } = useTranslation();
  const exists = useAuthStore((s) => s.user?.secret_exists ?? false);
  const { form, setField, errors, busy, done, onSubmit } = useSettingsForm({
    initial: () => ({
      secret: '',
      secret_confirmation: '',
      secret_hint: useAuthStore.getState().user?.secret_hint ?? '',
    }),
    schema: setSecretRequestSchema,
    fields: FIELDS,
    save: async (parsed, sent) => {
      await setSecret(sent);
      patchUser({ secret_exists: true, secret_hint: parsed.secret_hint });
      return { ...sent, secret: '', secret_confirmation: '' };
    },
  });

  const text = (name: (typeof FIELDS)[number]) => ({
    name,
    value: form[name],
    error: errors.fields[name] ? t(errors.fields[name]) : undefined,
    onChange: (event: { target: { value: string } }) => setField(name, event.target.value),
  });

  return (
    <form className="settings-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField
        type="password"
        autoComplete="off"
        inputMode="text"
        label={t(exists ? 'settings.newPasscode' : 'settings.passcode')}
        {...text('secret')}
      />
      <TextField
        type="password"
        autoComplete="off"
        label={t('settings.repeatPasscode')}
        {...text('secret_confirmation')}
      />
      <TextField
        label={t('settings.passcodeHint')}
        hint={t('settings.passcodeHintHelp')}
        maxLength={SECRET_HINT_MAX_LENGTH}
        {...text('secret_hint')}
      />
      {errors.message ? (
        <p className="field-error" role="alert">
          {t(errors.message)}
        </p>
      ) : null}
      <div className="settings-actions">
        {done ? (
          <span className="settings-saved" role="status" data-testid="passcode-saved">
            {t('settings.saved')}
          </span>
        ) : null}
        <Button type="submit" loading={busy} data-testid="passcode-save">
          {t(exists ? 'settings.changePasscode' : 'settings.setPasscode')}
        </Button>
      </div>
    </form>
  );
}
