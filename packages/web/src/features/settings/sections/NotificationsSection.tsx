import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../auth/store';
import { ToggleRow } from '../ToggleRow';
import { useSwitch } from '../use-switch';

export function NotificationsSection() {
  const { t } = useTranslation();
  const notifications = useSwitch('notifications');
  const muted = useSwitch('muted');
  const paranoid = useAuthStore((s) => s.user?.paranoid ?? false);
  const error = notifications.error ?? muted.error;
  return (
    <div className="settings-section" data-testid="settings-notifications">
      <div className="settings-group">
        <ToggleRow
          name="notifications"
          label={t('settings.notifications')}
          description={t(
            paranoid ? 'settings.notificationsParanoid' : 'settings.notificationsHint',
          )}
          checked={notifications.value}
          onChange={notifications.change}
        />
        <ToggleRow
          name="muted"
          label={t('settings.muteAll')}
          description={t('settings.muteAllHint')}
          checked={muted.value}
          onChange={muted.change}
        />
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
