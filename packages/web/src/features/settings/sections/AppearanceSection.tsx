import { useTranslation } from 'react-i18next';
import { THEMES } from '@parley/protocol/theme';
import { setTheme, useTheme } from '../../../lib/theme';

/** The colour theme of this browser: the system's, light or dark (kept in local storage). */
export function AppearanceSection() {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <div className="settings-section" data-testid="settings-appearance">
      <div className="settings-group" role="radiogroup" aria-label={t('settings.theme')}>
        {THEMES.map((option) => (
          <label key={option} className="settings-row settings-choice">
            <span className="settings-row-label">{t(`settings.theme.${option}`)}</span>
            <input
              type="radio"
              name="theme"
              value={option}
              data-testid={`theme-${option}`}
              checked={theme === option}
              onChange={() => setTheme(option)}
            />
          </label>
        ))}
      </div>
      <p className="settings-note">{t('settings.themeNote')}</p>
    </div>
  );
}
