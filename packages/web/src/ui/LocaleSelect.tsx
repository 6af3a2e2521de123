import { useTranslation } from 'react-i18next';
import { isLocaleCode } from '@parley/protocol/locales';
import { LOCALE_OPTIONS, useLocale } from '../lib/i18n';
import { LanguageSwitcher } from './LanguageSwitcher';

/** The language switcher wired to i18n (spec 4 "Language"): saves `locale` and reloads texts. */
export function LocaleSelect({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocale();
  return (
    <LanguageSwitcher
      className={className}
      value={locale}
      options={LOCALE_OPTIONS}
      label={t('common.language')}
      onChange={(code) => {
        if (isLocaleCode(code)) setLocale(code);
      }}
    />
  );
}
