import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PASSWORD_MIN_CONFIGURABLE_MAX,
  REGISTRATION_MODES,
  SERVER_NAME_MAX_LENGTH,
} from '@parley/protocol/admin';
import type { RegistrationMode, ServerSettings } from '@parley/protocol/admin';
import { PASSWORD_MIN_LENGTH } from '@parley/protocol/constants';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { noErrors, settingsErrors } from '../form-errors';
import type { SettingsErrors } from '../form-errors';
import { changeServerSettings, getServerSettings } from './api';
import { useAdminRefresh } from './refresh';

const FIELDS = ['name', 'registration_mode', 'password_min_length'] as const;

/** The server's name, who may register, and the password minimum: one form, one save. */
export function ServerPanel() {
  const { t } = useTranslation();
  const [form, setForm] = useState<ServerSettings | null>(null);
  const [errors, setErrors] = useState<SettingsErrors>(noErrors);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const bump = useAdminRefresh((s) => s.bump);

  useEffect(() => {
    getServerSettings().then(setForm, () => undefined);
  }, []);

  if (form === null) return <p className="settings-note">{t('settings.loading')}</p>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setSaved(false);
    try {
      setForm(await changeServerSettings(form));
      setErrors(noErrors);
      setSaved(true);
      bump(); // the audit log has a new line
    } catch (error) {
      setErrors(settingsErrors(error, FIELDS));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="settings-form" onSubmit={(e) => void submit(e)} noValidate>
      <h3 className="settings-subtitle">{t('admin.server')}</h3>
      <TextField
        name="server-name"
        label={t('admin.serverName')}
        hint={t('admin.serverNameHint')}
        maxLength={SERVER_NAME_MAX_LENGTH}
        value={form.name}
        onChange={(e) => setForm({ ...form, name: e.target.value })}
        error={errors.fields.name ? t(errors.fields.name) : undefined}
      />
      <div className="field">
        <label className="field-label" htmlFor="admin-registration">
          {t('admin.registration')}
        </label>
        <select
          id="admin-registration"
          className="field-input"
          data-testid="admin-registration"
          value={form.registration_mode}
          onChange={(e) =>
            setForm({ ...form, registration_mode: e.target.value as RegistrationMode })
          }
        >
          {REGISTRATION_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {t(`admin.mode.${mode}`)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        name="password-min"
        type="number"
        inputMode="numeric"
        min={PASSWORD_MIN_LENGTH}
        max={PASSWORD_MIN_CONFIGURABLE_MAX}
        label={t('admin.passwordMin')}
        hint={t('admin.passwordMinHint', { min: PASSWORD_MIN_LENGTH })}
        value={String(form.password_min_length)}
        onChange={(e) => setForm({ ...form, password_min_length: Number(e.target.value) })}
        error={errors.fields.password_min_length ? t(errors.fields.password_min_length) : undefined}
      />
      {errors.message ? (
        <p className="field-error" role="alert">
          {t(errors.message)}
        </p>
      ) : null}
      <div className="settings-actions">
        {saved ? <span className="settings-saved">{t('settings.saved')}</span> : null}
        <Button type="submit" loading={saving} data-testid="admin-save-server">
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}
