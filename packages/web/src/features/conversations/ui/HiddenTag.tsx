import { useTranslation } from 'react-i18next';
import './archive.css';

/** Presentational: marks a hidden chat where it shows outside the archive (search, forward). */
export function HiddenTag() {
  const { t } = useTranslation();
  return (
    <span className="hidden-tag" data-testid="hidden-tag">
      {t('conversations.archive.label')}
    </span>
  );
}
