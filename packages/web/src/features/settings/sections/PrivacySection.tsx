import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INACTIVITY_MONTHS } from '@parley/protocol/settings';
import { useAuthStore } from '../../auth/store';
import { WHO_CAN_ADD } from '@parley/protocol/rules/group-consent';
import { setMaxTimeInactive, setWhoCanAdd } from '../api';
import { settingsErrors } from '../form-errors';
import { patchUser } from '../store';
import { ToggleRow } from '../ToggleRow';
import { useSwitch } from '../use-switch';

export function PrivacySection() {
  const { t } = useTranslation();
  const hide = useSwitch('hide_status');
  const search = useSwitch('allow_search');
  const links = useSwitch('load_links');
  const paranoid = useAuthStore((s) => s.user?.paranoid ?? false);
  const months = useAuthStore((s) => s.user?.max_time_inactive ?? null);
  const whoCanAdd = useAuthStore((s) => s.user?.who_can_add ?? 'contacts');
  const [inactivityError, setInactivityError] = useState<string | null>(null);
  const [whoError, setWhoError] = useState<string | null>(null);

  const onWhoCanAdd = async (value: string) => {
    const next = WHO_CAN_ADD.find((w) => w === value);
    if (!next) return;
    const before = whoCanAdd;
    setWhoError(null);
    patchUser({ who_can_add: next });
    try {
      await setWhoCanAdd(next);
    } catch (failure) {
      patchUser({ who_can_add: before });
      setWhoError(settingsErrors(failure, []).message);
    }
  };
  const error = hide.error ?? search.error ?? links.error;

  const onMonths = async (value: string) => {
    // The select offers only INACTIVITY_MONTHS and '' (never).
    const next = INACTIVITY_MONTHS.find((m) => String(m) === value) ?? null;
    const before = months;
    setInactivityError(null);
    patchUser({ max_time_inactive: next });
    try {
      await setMaxTimeInactive(next);
    } catch (failure) {
      patchUser({ max_time_inactive: before });
      setInactivityError(settingsErrors(failure, []).message);
    }
  };

  return (
    <div className="settings-section" data-testid="settings-privacy">
      <div className="settings-group">
        <ToggleRow
          name="hide_status"
          label={t('settings.hideStatus')}
          description={t('settings.hideStatusHint')}
          checked={hide.value}
          onChange={hide.change}
        />
        <ToggleRow
          name="allow_search"
          label={t('settings.allowSearch')}
          description={t('settings.allowSearchHint')}
          checked={search.value}
          onChange={search.change}
        />
        <ToggleRow
          name="load_links"
          label={t('settings.loadLinks')}
          description={t(paranoid ? 'settings.loadLinksParanoid' : 'settings.loadLinksHint')}
          checked={links.value && !paranoid}
          disabled={paranoid}
          onChange={links.change}
        />
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {t(error)}
        </p>
      ) : null}
      <h3 className="settings-subtitle">{t('settings.groups')}</h3>
      <div className="settings-group">
        <div className="settings-row">
          <label className="settings-row-text" htmlFor="settings-who-can-add">
            <span className="settings-row-label">{t('settings.whoCanAdd')}</span>
            <span className="settings-row-description">{t('settings.whoCanAddHint')}</span>
          </label>
          <select
            id="settings-who-can-add"
            className="settings-select"
            data-testid="who-can-add-select"
            value={whoCanAdd}
            onChange={(event) => void onWhoCanAdd(event.target.value)}
          >
            {WHO_CAN_ADD.map((w) => (
              <option key={w} value={w}>
                {t(`settings.whoCanAdd.${w}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {whoError ? (
        <p className="field-error" role="alert">
          {t(whoError)}
        </p>
      ) : null}
      <h3 className="settings-subtitle">{t('settings.inactivity')}</h3>
      <div className="settings-group">
        <div className="settings-row">
          <label className="settings-row-text" htmlFor="settings-inactivity">
            <span className="settings-row-label">{t('settings.deleteIfAway')}</span>
            <span className="settings-row-description">{t('settings.inactivityHint')}</span>
          </label>
          <select
            id="settings-inactivity"
            className="settings-select"
            data-testid="inactivity-select"
            value={months === null ? '' : String(months)}
            onChange={(event) => void onMonths(event.target.value)}
          >
            <option value="">{t('settings.never')}</option>
            {INACTIVITY_MONTHS.map((m) => (
              <option key={m} value={m}>
                {t(`settings.months${m}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {inactivityError ? (
        <p className="field-error" role="alert">
          {t(inactivityError)}
        </p>
      ) : null}
    </div>
  );
}
