import { linkify } from '@parley/protocol/rules/linkify';

/** Text as React text nodes; addresses become links that open in a new tab. Never HTML. */
export function MessageText({ text }: { text: string }) {
  return (
    <span className="msg-text" data-testid="message-text">
      {linkify(text).map((segment, i) =>
        segment.kind === 'link' ? (
          <a key={i} href={segment.href} target="_blank" rel="noopener noreferrer">
            {segment.text}
          </a>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </span>
  );
}
