import { useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { editProfileRequestSchema, STATUS_MAX_LENGTH } from '@parley/protocol/settings';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useAuthStore } from '../../auth/store';
import { editProfile, uploadAvatar } from '../api';
import { checkErrors, noErrors, settingsErrors } from '../form-errors';
import type { SettingsErrors } from '../form-errors';
import { patchUser } from '../store';

const FIELDS = ['name', 'username', 'status', 'timezone'] as const;

/** Every IANA zone the browser knows, with the user's own first if it is missing. */
function timeZones(current: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const list = all.includes('UTC') ? all : ['UTC', ...all];
  return list.includes(current) ? list : [current, ...list];
}

export function ProfileSection() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const [form, setForm] = useState(() => ({
    name: user?.name ?? '',
    username: user?.username ?? '',
    status: user?.status ?? '',
    timezone: user?.timezone ?? 'UTC',
  }));
  const [errors, setErrors] = useState<SettingsErrors>(noErrors);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [saved, setSaved] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const zones = useMemo(() => timeZones(form.timezone), [form.timezone]);
  if (!user) return null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = editProfileRequestSchema.safeParse(form);
    if (!parsed.success) return setErrors(checkErrors(parsed.error));
    setErrors(noErrors);
    setSaving(true);
    try {
      const reply = await editProfile(form);
      patchUser(reply.user);
      setSaved(true);
    } catch (error) {
      setErrors(settingsErrors(error, FIELDS));
    } finally {
      setSaving(false);
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setAvatarError(null);
    setUploading(true);
    try {
      const reply = await uploadAvatar(file);
      patchUser({ avatar: reply.uploaded });
    } catch (error) {
      setAvatarError(settingsErrors(error, []).message);
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const field = (name: (typeof FIELDS)[number]) => ({
    name,
    value: form[name],
    error: errors.fields[name] ? t(errors.fields[name]) : undefined,
    onChange: (event: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [name]: event.target.value })),
  });

  return (
    <div className="settings-section" data-testid="settings-profile">
      <div className="settings-avatar">
        <Avatar id={user.id} name={user.name} src={user.avatar} size={88} />
        <div>
          <Button
            variant="secondary"
            loading={uploading}
            onClick={() => fileRef.current?.click()}
            data-testid="avatar-change"
          >
            {t('settings.changePhoto')}
          </Button>
          <p className="settings-note">{t('settings.photoHint')}</p>
          {avatarError ? (
            <p className="field-error" role="alert" data-testid="error-avatar">
              {t(avatarError)}
            </p>
          ) : null}
        </div>
        <input
          ref={fileRef}
          type="file"
          accept="image/jpeg,image/png"
          hidden
          data-testid="avatar-input"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
      </div>
      <form className="settings-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField label={t('settings.name')} autoComplete="name" {...field('name')} />
        <TextField
          label={t('settings.username')}
          autoComplete="username"
          hint={t('settings.usernameHint')}
          {...field('username')}
        />
        <TextField
          label={t('settings.status')}
          maxLength={STATUS_MAX_LENGTH}
          placeholder={t('settings.statusPlaceholder')}
          {...field('status')}
        />
        <div className={`field${errors.fields.timezone ? ' field-invalid' : ''}`}>
          <label className="field-label" htmlFor="settings-timezone">
            {t('settings.timezone')}
          </label>
          <select
            id="settings-timezone"
            className="field-input"
            name="timezone"
            value={form.timezone}
            onChange={(event) => setForm((f) => ({ ...f, timezone: event.target.value }))}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
          {errors.fields.timezone ? (
            <p className="field-error" role="alert">
              {t(errors.fields.timezone)}
            </p>
          ) : null}
        </div>
        {errors.message ? (
          <p className="field-error" role="alert" data-testid="settings-error">
            {t(errors.message)}
          </p>
        ) : null}
        <div className="settings-actions">
          {saved ? (
            <span className="settings-saved" role="status">
              {t('settings.saved')}
            </span>
          ) : null}
          <Button type="submit" loading={saving} data-testid="profile-save">
            {t('settings.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
