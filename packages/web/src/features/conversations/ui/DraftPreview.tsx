import { useTranslation } from 'react-i18next';

/** "Draft: …" in place of the last message, the word in red like Telegram. */
export function DraftPreview({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <span className="conv-preview" data-testid="conversation-draft">
      <span className="conv-draft-label">{t('conversations.draft')}:</span> {text}
    </span>
  );
}
