import { useTranslation } from 'react-i18next';
import type { PermissionState } from '../../notifications/boundary';
import { Button } from '../../../ui/Button';

/**
 * Whether this browser may show the notifications the account setting asks
 * for: allowed, not asked yet (with an Allow button), blocked (with how to
 * undo it — a page cannot ask again), or not supported. Presentational.
 */
export function BrowserPermission({
  state,
  onAllow,
}: {
  state: PermissionState;
  onAllow: () => void;
}) {
  const { t } = useTranslation();
  const text: Record<PermissionState, { label: string; hint?: string }> = {
    granted: { label: t('settings.permissionGranted') },
    default: { label: t('settings.permissionDefault'), hint: t('settings.permissionDefaultHint') },
    denied: { label: t('settings.permissionDenied'), hint: t('settings.permissionDeniedHint') },
    unsupported: { label: t('settings.permissionUnsupported') },
  };
  const { label, hint } = text[state];
  return (
    <div
      className={`settings-row settings-permission is-${state}`}
      data-testid="notification-permission"
      data-state={state}
    >
      <div className="settings-row-text">
        <span className="settings-row-label">{label}</span>
        {hint ? <span className="settings-row-description">{hint}</span> : null}
      </div>
      {state === 'default' ? (
        <Button variant="secondary" onClick={onAllow} data-testid="notification-allow">
          {t('settings.permissionAllow')}
        </Button>
      ) : null}
    </div>
  );
}
