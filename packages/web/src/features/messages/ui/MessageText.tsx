import { useMemo } from 'react';
import { useAuthStore } from '../../auth/store';
import { useFormat } from '../../../lib/format-loader';
import { FormattedNodes } from './FormattedNodes';

/**
 * A message's text (markdown source) with its formatting, links and mentions. Never HTML.
 * Until the parser's chunk has loaded (lib/format-loader.ts) the text shows as typed.
 */
export function MessageText({
  text,
  onCommand,
}: {
  text: string;
  /** A bot's message: a tap on a /command sends it. */
  onCommand?: ((command: string) => void) | undefined;
}) {
  const self = useAuthStore((s) => s.user?.username ?? null);
  const parse = useFormat();
  const nodes = useMemo(() => (parse ? parse(text) : null), [parse, text]);
  return (
    <span className="msg-text" data-testid="message-text">
      {nodes ? <FormattedNodes nodes={nodes} self={self} onCommand={onCommand} /> : text}
    </span>
  );
}
