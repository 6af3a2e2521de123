import { useTranslation } from 'react-i18next';
import { LOCALE_OPTIONS, useLocale } from '../../../lib/i18n';

/** Spec 4 "Language": choosing a locale saves it under `locale` and reloads the texts. */
export function LanguageSection() {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocale();
  return (
    <div className="settings-section" data-testid="settings-language">
      <div className="settings-group" role="radiogroup" aria-label={t('common.language')}>
        {LOCALE_OPTIONS.map((option) => (
          <label key={option.code} className="settings-row settings-choice">
            <span className="settings-row-label" lang={option.code === 'am' ? 'hy' : option.code}>
              {option.name}
            </span>
            <input
              type="radio"
              name="locale"
              value={option.code}
              data-testid={`locale-${option.code}`}
              checked={locale === option.code}
              onChange={() => setLocale(option.code)}
            />
          </label>
        ))}
      </div>
    </div>
  );
}
