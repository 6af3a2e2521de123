import { useTranslation } from 'react-i18next';
import { previewUrl } from '@parley/protocol/rules/linkify';
import { useLinkPreview } from './link-previews';
import { LinkPreviewCard } from './ui/LinkPreviewCard';

/** The card of a message's first link (the protocol's rule), once the server has it. */
export function MessageLinkPreview({ messageId, text }: { messageId: number; text: string }) {
  const url = previewUrl(text);
  return url === null ? null : <Loaded messageId={messageId} url={url} />;
}

function Loaded({ messageId, url }: { messageId: number; url: string }) {
  const { t } = useTranslation();
  const preview = useLinkPreview(messageId, url);
  return preview ? <LinkPreviewCard preview={preview} label={t('messages.linkPreview')} /> : null;
}
