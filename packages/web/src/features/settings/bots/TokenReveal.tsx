import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { copyText, selectText } from '../../../lib/copy-text';

/** A bot's token, shown this once (it is stored hashed), with a copy button. */
export function TokenReveal({
  username,
  token,
  onDone,
}: {
  username: string;
  token: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'copied' | 'selected' | null>(null);
  useEffect(() => {
    if (fieldRef.current) selectText(fieldRef.current);
  }, []);
  return (
    <div
      className="bot-token"
      role="group"
      aria-label={t('bots.my.tokenTitle', { username })}
      data-testid="bot-token"
    >
      <strong>{t('bots.my.tokenTitle', { username })}</strong>
      <p className="settings-note">{t('bots.my.tokenOnce')}</p>
      <div className="bot-token-row">
        <input
          ref={fieldRef}
          className="field-input bot-token-value"
          readOnly
          value={token}
          aria-label={t('bots.my.tokenTitle', { username })}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="bot-token-value"
        />
        <Button
          variant="secondary"
          onClick={() => {
            if (fieldRef.current) void copyText(token, fieldRef.current).then(setCopied);
          }}
          data-testid="bot-token-copy"
        >
          {copied === 'copied' ? t('bots.my.copied') : t('bots.my.copy')}
        </Button>
      </div>
      {copied === 'selected' ? (
        <p className="settings-note" role="status">
          {t('bots.my.copyYourself')}
        </p>
      ) : null}
      <div className="settings-actions">
        <Button onClick={onDone} data-testid="bot-token-done">
          {t('bots.my.done')}
        </Button>
      </div>
    </div>
  );
}
