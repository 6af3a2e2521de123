import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../auth/store';
import { useNotificationPermission } from '../../notifications/permission';
import { ToggleRow } from '../ToggleRow';
import { useSwitch } from '../use-switch';
import { BrowserPermission } from './BrowserPermission';
import { DeviceNotifications } from './DeviceNotifications';

export function NotificationsSection() {
  const { t } = useTranslation();
  const notifications = useSwitch('notifications');
  const muted = useSwitch('muted');
  const permission = useNotificationPermission();
  const paranoid = useAuthStore((s) => s.user?.paranoid ?? false);
  const error = notifications.error ?? muted.error;

  const onNotifications = (on: boolean) => {
    notifications.change(on);
    // Switching on is the moment to ask the browser (a click, never page load).
    if (on && permission.state === 'default') void permission.request();
  };

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
          onChange={onNotifications}
        />
        {notifications.value ? (
          <BrowserPermission state={permission.state} onAllow={() => void permission.request()} />
        ) : null}
        <ToggleRow
          name="muted"
          label={t('settings.muteAll')}
          description={t('settings.muteAllHint')}
          checked={muted.value}
          onChange={muted.change}
        />
      </div>
      <DeviceNotifications onPermissionChange={permission.recheck} />
      {error ? (
        <p className="field-error" role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
