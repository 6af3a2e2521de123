import { useMemo } from 'react';
import { parseFormatted } from '@parley/protocol/rules/format/parse';
import { useAuthStore } from '../../auth/store';
import { FormattedNodes } from './FormattedNodes';

/** A message's text (markdown source) with its formatting, links and mentions. Never HTML. */
export function MessageText({ text }: { text: string }) {
  const self = useAuthStore((s) => s.user?.username ?? null);
  const nodes = useMemo(() => parseFormatted(text), [text]);
  return (
    <span className="msg-text" data-testid="message-text">
      <FormattedNodes nodes={nodes} self={self} />
    </span>
  );
}
