import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/ButtonLink';

/**
 * A `/to/` link whose username nobody has (never had, changed it, or the
 * account is gone): say so, as a messenger does, instead of inviting the
 * visitor to a chat that cannot exist. Presentational.
 */
export function NobodyCard({
  username,
  authenticated,
}: {
  username: string;
  authenticated: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="direct-card" data-testid="direct-missing">
      <span className="direct-nobody" aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          width="44"
          height="44"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <circle cx="12" cy="8" r="4" />
          <path d="M4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5" strokeLinecap="round" />
          <path d="M4 4l16 16" strokeLinecap="round" />
        </svg>
      </span>
      <h1 className="direct-name">{t('direct.missingTitle')}</h1>
      <p className="direct-hint">{t('direct.missingText', { username })}</p>
      <p className="direct-note">{t('direct.missingHint')}</p>
      <ButtonLink
        to={authenticated ? '/chat' : '/'}
        variant="secondary"
        size="lg"
        data-testid="direct-leave"
      >
        {authenticated ? t('chat.backToList') : t('direct.toParley')}
      </ButtonLink>
    </section>
  );
}
