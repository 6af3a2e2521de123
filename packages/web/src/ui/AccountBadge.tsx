import { useTranslation } from 'react-i18next';

/**
 * Marks after a name: "bot" for a bot account (docs/BOTS.md), a check for an
 * official account or conversation (spec: is_official), both for an official
 * bot. Nothing for an ordinary person.
 */
export function AccountBadge({ bot, official }: { bot?: boolean; official?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {official ? (
        <span
          className="account-badge is-official"
          title={t('badge.official')}
          aria-label={t('badge.official')}
          role="img"
          data-testid="badge-official"
        >
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <circle cx="8" cy="8" r="8" fill="currentColor" />
            <path d="m4.8 8.2 2.1 2.1 4.3-4.4" stroke="#fff" strokeWidth="1.8" fill="none" />
          </svg>
        </span>
      ) : null}
      {bot ? (
        <span className="account-badge is-bot" data-testid="badge-bot">
          {t('badge.bot')}
        </span>
      ) : null}
    </>
  );
}
