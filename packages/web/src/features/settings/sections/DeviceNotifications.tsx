import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewsOn, saveDeviceSettings, soundOn } from '../../../lib/device-settings';
import { useNotificationPermission } from '../../notifications/permission';
import { disablePush, enablePush, pushActiveHere, pushSupported } from '../../notifications/push';
import { ToggleRow } from '../ToggleRow';

/**
 * This device's choices (Settings → Notifications): notifications while
 * Parley is closed (Web Push), the sound, and previews. Kept on the device,
 * not the account: a work laptop and a phone may differ. docs/SETTINGS.md.
 */
export function DeviceNotifications({ onPermissionChange }: { onPermissionChange: () => void }) {
  const { t } = useTranslation();
  const supported = pushSupported();
  const [push, setPush] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sound, setSound] = useState(soundOn);
  const [previews, setPreviews] = useState(previewsOn);
  const neutral = { title: t('notifications.appName'), body: t('notifications.newMessage') };
  // Blocked in the browser's site settings: a subscription may still be
  // there, but nothing can show, so the switch says off and tells how to
  // allow; once allowed it reads the subscription again.
  const permission = useNotificationPermission();
  const blocked = supported && permission.state === 'denied';

  useEffect(() => {
    let active = true;
    if (supported) void pushActiveHere().then((on) => active && setPush(on));
    return () => {
      active = false;
    };
  }, [supported, permission.state]);

  const onPush = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) {
        const enabled = await enablePush();
        setPush(enabled);
        // Spec 8: a failed enabling is only logged to the console (push.ts); the switch stays off.
        onPermissionChange();
        permission.recheck();
        if (enabled) await saveDeviceSettings({}, neutral);
      } else {
        await disablePush();
        setPush(false);
      }
    } finally {
      setBusy(false);
    }
  };

  const change = (which: 'sound' | 'previews', on: boolean) => {
    if (which === 'sound') setSound(on);
    else setPreviews(on);
    void saveDeviceSettings({ [which]: on }, neutral);
  };

  return (
    <>
      <h3 className="settings-subtitle">{t('settings.thisDevice')}</h3>
      <div className="settings-group" data-testid="settings-device-notifications">
        <ToggleRow
          name="push"
          label={t('settings.push')}
          description={t(
            !supported
              ? 'settings.permissionUnsupported'
              : blocked
                ? 'settings.pushBlocked'
                : 'settings.pushHint',
          )}
          checked={push && !blocked}
          disabled={!supported || blocked || busy}
          onChange={(on) => void onPush(on)}
        />
        <ToggleRow
          name="sound"
          label={t('settings.sound')}
          checked={sound}
          onChange={(on) => change('sound', on)}
        />
        <ToggleRow
          name="previews"
          label={t('settings.previews')}
          description={t('settings.previewsHint')}
          checked={previews}
          onChange={(on) => change('previews', on)}
        />
      </div>
    </>
  );
}
