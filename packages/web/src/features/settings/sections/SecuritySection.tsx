import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../auth/store';
import { ToggleRow } from '../ToggleRow';
import { useSwitch } from '../use-switch';
import { PasscodeForm } from './PasscodeForm';
import { PasswordForm } from './PasswordForm';

export function SecuritySection() {
  const { t } = useTranslation();
  const paranoid = useSwitch('paranoid');
  const hasSecret = useAuthStore((s) => s.user?.secret_exists ?? false);
  return (
    <div className="settings-section" data-testid="settings-security">
      <h3 className="settings-subtitle">{t('settings.passcodeTitle')}</h3>
      <p className="settings-note">{t('settings.passcodeAbout')}</p>
      <PasscodeForm />
      <h3 className="settings-subtitle">{t('settings.paranoidTitle')}</h3>
      <div className="settings-group">
        <ToggleRow
          name="paranoid"
          label={t('settings.paranoid')}
          description={t(hasSecret ? 'settings.paranoidHint' : 'settings.paranoidNeedsPasscode')}
          checked={paranoid.value}
          disabled={!hasSecret && !paranoid.value}
          onChange={paranoid.change}
        />
      </div>
      {paranoid.error ? (
        <p className="field-error" role="alert">
          {t(paranoid.error)}
        </p>
      ) : null}
      <h3 className="settings-subtitle">{t('settings.passwordTitle')}</h3>
      <p className="settings-note">{t('settings.passwordAbout')}</p>
      <PasswordForm />
    </div>
  );
}
