import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MSG } from '@parley/protocol/messages';
import { Button } from '../ui/Button';
import { Logo } from '../ui/Logo';
import { encodeCrashDetail } from './crash-detail';
import './CrashScreen.css';

/**
 * Spec 2 crash fallback. It may render before any dictionary loaded, so
 * every text has an English default (MSG.crash is its own key).
 */
export function CrashScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const detail = useMemo(() => encodeCrashDetail(error), [error]);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(detail);
      setCopied(true);
    } catch {
      setCopied(false); // clipboard refused (insecure origin): the code block stays selectable
    }
  };

  return (
    <main className="crash" data-testid="crash" role="alert">
      <div className="crash-card">
        <Logo size={40} withText={false} />
        <h1 className="crash-title">{t(MSG.crash)}</h1>
        <p className="crash-hint">
          {t('crash.detailHint', { defaultValue: 'Error details for a bug report:' })}
        </p>
        <code className="crash-detail" data-testid="crash-detail">
          {detail}
        </code>
        <div className="crash-actions">
          <Button variant="secondary" onClick={() => void copy()}>
            {copied
              ? t('crash.copied', { defaultValue: 'Copied' })
              : t('crash.copy', { defaultValue: 'Copy' })}
          </Button>
          <Button onClick={() => window.location.reload()}>
            {t('crash.reload', { defaultValue: 'Reload' })}
          </Button>
        </div>
      </div>
    </main>
  );
}
