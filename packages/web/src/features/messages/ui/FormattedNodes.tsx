import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormatNode } from '@parley/protocol/rules/format/parse';
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

export function FormattedNodes({ nodes, self }: { nodes: FormatNode[]; self: string | null }) {
  return (
    <>
      {nodes.map((node, i) => {
        switch (node.kind) {
          case 'text':
            return node.text;
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
                <FormattedNodes nodes={node.children} self={self} />
              </strong>
            );
          case 'italic':
            return (
              <em key={i}>
                <FormattedNodes nodes={node.children} self={self} />
              </em>
            );
          case 'strike':
            return (
              <s key={i}>
                <FormattedNodes nodes={node.children} self={self} />
              </s>
            );
          case 'quote':
            return (
              <blockquote key={i} className="msg-quote">
                <FormattedNodes nodes={node.children} self={self} />
              </blockquote>
            );
          case 'spoiler':
            return (
              <Spoiler key={i}>
                <FormattedNodes nodes={node.children} self={self} />
              </Spoiler>
            );
        }
      })}
    </>
  );
}
