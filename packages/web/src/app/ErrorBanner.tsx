import { useTranslation } from 'react-i18next';
import { useErrorList } from '../api/error-list';
import './ErrorBanner.css';

/** The shared request-error list of spec 8, with its clear action. */
export function ErrorBanner() {
  const { t } = useTranslation();
  const errors = useErrorList((s) => s.errors);
  const dismiss = useErrorList((s) => s.dismiss);
  const clear = useErrorList((s) => s.clear);
  if (errors.length === 0) return null;
  return (
    <section
      className="error-banner"
      role="alert"
      aria-label={t('errors.title')}
      data-testid="error-list"
    >
      <ul>
        {errors.map((error) => (
          <li key={error.id}>
            <span>{error.message}</span>
            <button
              type="button"
              className="error-banner-x"
              aria-label={t('errors.dismiss')}
              onClick={() => dismiss(error.id)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {errors.length > 1 ? (
        <button
          type="button"
          className="error-banner-clear"
          onClick={clear}
          data-testid="error-list-clear"
        >
          {t('errors.clearAll')}
        </button>
      ) : null}
    </section>
  );
}
