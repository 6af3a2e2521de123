import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/use-online';

/** Spec 4 network state: a strip over the chat while the browser is offline. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      {t('chat.offline')}
    </div>
  );
}
