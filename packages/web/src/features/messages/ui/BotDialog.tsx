import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

/** What a bot asked to show: an alert (answerCallbackQuery show_alert) or a link to confirm. */
export type BotDialogState = { kind: 'alert'; text: string } | { kind: 'url'; url: string };

/** Only web addresses open; anything else (javascript:, data:…) is shown, never followed. */
export function openableUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** The bot's alert, or "Open this link?" with the address in full; loaded when first needed. */
export function BotDialog({ dialog, onClose }: { dialog: BotDialogState; onClose: () => void }) {
  const { t } = useTranslation();
  if (dialog.kind === 'alert') {
    return (
      <ConfirmDialog
        text={dialog.text}
        confirm={t('bots.alert.ok')}
        cancel={null}
        variant="primary"
        onConfirm={onClose}
        onClose={onClose}
      />
    );
  }
  const openable = openableUrl(dialog.url);
  return (
    <ConfirmDialog
      text={t(openable ? 'bots.url.confirm' : 'bots.url.cannotOpen')}
      confirm={t(openable ? 'bots.url.open' : 'bots.alert.ok')}
      cancel={openable ? undefined : null}
      variant="primary"
      onConfirm={() => {
        if (openable) window.open(dialog.url, '_blank', 'noopener,noreferrer');
        onClose();
      }}
      onClose={onClose}
    >
      <p className="confirm-url" data-testid="bot-url">
        {dialog.url}
      </p>
    </ConfirmDialog>
  );
}
