import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormatNode } from '@parley/protocol/rules/format/parse';
import { splitCommands } from '@parley/protocol/rules/bot-commands';
import { usernameKey } from '@parley/protocol/rules/username';
import './formatted.css';

// The formatting tree (packages/protocol rules/format) as React elements.
// Every piece of text is a React text node; the only attribute that carries
// sender input is a link's href, which the parser admits only for http,
// https and mailto. No dangerouslySetInnerHTML anywhere.

/** `||hidden||`: blurred until clicked (or Enter/Space); stays revealed. */
function Spoiler({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  if (shown) return <span className="msg-spoiler is-shown">{children}</span>;
  return (
    <span
      className="msg-spoiler"
      role="button"
      tabIndex={0}
      aria-label={t('messages.format.spoiler')}
      data-testid="spoiler"
      onClick={(event) => {
        event.stopPropagation();
        setShown(true);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        setShown(true);
      }}
    >
      <span aria-hidden="true">{children}</span>
    </span>
  );
}

/** A bot's text with its /commands as buttons that send the command. */
function CommandText({ text, onCommand }: { text: string; onCommand: (command: string) => void }) {
  return splitCommands(text).map((piece, i) =>
    piece.kind === 'text' ? (
      piece.text
    ) : (
      <button
        key={i}
        type="button"
        className="msg-command"
        data-testid="bot-command"
        onClick={(event) => {
          event.stopPropagation();
          onCommand(piece.text);
        }}
      >
        {piece.text}
      </button>
    ),
  );
}

export function FormattedNodes({
  nodes,
  self,
  onCommand,
}: {
  nodes: FormatNode[];
  self: string | null;
  /** A bot's message: its /commands are tappable and send the command. */
  onCommand?: ((command: string) => void) | undefined;
}) {
  return (
    <>
      {nodes.map((node, i) => {
        switch (node.kind) {
          case 'text':
            return onCommand ? (
              <CommandText key={i} text={node.text} onCommand={onCommand} />
            ) : (
              node.text
            );
          case 'break':
            return <br key={i} />;
          case 'mention': {
            const mine = self !== null && usernameKey(node.username) === usernameKey(self);
            return (
              <span
                key={i}
                className={mine ? 'msg-mention is-me' : 'msg-mention'}
                data-testid="mention"
              >
                {node.text}
              </span>
            );
          }
          case 'link':
            return (
              <a key={i} href={node.href} target="_blank" rel="noopener noreferrer">
                {node.text}
              </a>
            );
          case 'code':
            return (
              <code key={i} className="msg-code">
                {node.text}
              </code>
            );
          case 'pre':
            return (
              <pre key={i} className="msg-pre" data-lang={node.lang || undefined}>
                <code>{node.text}</code>
              </pre>
            );
          case 'bold':
            return (
              <strong key={i}>
                <FormattedNodes nodes={node.children} self={self} onCommand={onCommand} />
              </strong>
            );
          case 'italic':
            return (
              <em key={i}>
                <FormattedNodes nodes={node.children} self={self} onCommand={onCommand} />
              </em>
            );
          case 'strike':
            return (
              <s key={i}>
                <FormattedNodes nodes={node.children} self={self} onCommand={onCommand} />
              </s>
            );
          case 'quote':
            return (
              <blockquote key={i} className="msg-quote">
                <FormattedNodes nodes={node.children} self={self} onCommand={onCommand} />
              </blockquote>
            );
          case 'spoiler':
            return (
              <Spoiler key={i}>
                <FormattedNodes nodes={node.children} self={self} onCommand={onCommand} />
              </Spoiler>
            );
        }
      })}
    </>
  );
}
