import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { previewUrlOf } from '@parley/protocol/rules/format/plain';
import { useFormat } from '../../lib/format-loader';
import { useLinkPreview } from './link-previews';
import { LinkPreviewCard } from './ui/LinkPreviewCard';

/** The card of a message's first link (the protocol's rule), once the server has it and the parser has loaded. */
export function MessageLinkPreview({ messageId, text }: { messageId: number; text: string }) {
  const parse = useFormat();
  const url = useMemo(() => (parse ? previewUrlOf(parse(text)) : null), [parse, text]);
  return url === null ? null : <Loaded messageId={messageId} url={url} />;
}

function Loaded({ messageId, url }: { messageId: number; url: string }) {
  const { t } = useTranslation();
  const preview = useLinkPreview(messageId, url);
  return preview ? <LinkPreviewCard preview={preview} label={t('messages.linkPreview')} /> : null;
}
