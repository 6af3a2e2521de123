import type Token from 'markdown-it/lib/token.mjs';
import { MESSAGE_MAX_LENGTH } from '../../constants';
import { markdown } from './markdown';

// Message text (stored as typed, markdown source) → a small tree the web
// renders as React elements and other readers flatten to plain text. The
// tree holds only text and a closed set of kinds, so nothing a sender types
// can become markup: there is no HTML kind and link addresses are checked here.

export type FormatNode =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string; username: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'code'; text: string }
  | { kind: 'pre'; text: string; lang: string }
  | { kind: 'break' }
  | { kind: 'bold' | 'italic' | 'strike' | 'spoiler' | 'quote'; children: FormatNode[] };

type Container = Extract<FormatNode, { children: FormatNode[] }>;

/** Only these schemes become links; anything else (javascript:, data:, ftp:) stays text. */
const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;
/** Spec 4 mention rule (rules/mentions.ts): `@` and letters or digits. */
const MENTION = /@([A-Za-z0-9]+)/g;

const OPENERS: Record<string, Container['kind']> = {
  strong_open: 'bold',
  em_open: 'italic',
  s_open: 'strike',
  spoiler_open: 'spoiler',
  blockquote_open: 'quote',
};

function pushText(into: FormatNode[], text: string): void {
  if (!text) return;
  let last = 0;
  for (const m of text.matchAll(MENTION)) {
    if (m.index > last) into.push({ kind: 'text', text: text.slice(last, m.index) });
    into.push({ kind: 'mention', text: m[0], username: m[1] ?? '' });
    last = m.index + m[0].length;
  }
  if (last < text.length) into.push({ kind: 'text', text: text.slice(last) });
}

/** Walks a token list (block or inline) into `root`, nesting by open/close tokens. */
function walk(tokens: Token[], root: FormatNode[]): void {
  const stack: { children: FormatNode[]; close: string }[] = [{ children: root, close: '' }];
  const top = () => stack[stack.length - 1]!.children;
  let link: { href: string; text: string } | null = null;
  let paragraphs = 0;
  for (const token of tokens) {
    if (link && token.type !== 'link_close') {
      link.text += token.content;
      continue;
    }
    const opener = OPENERS[token.type];
    if (opener) {
      // Telegram reads __x__ as italic, where CommonMark says strong.
      const kind = token.type === 'strong_open' && token.markup === '__' ? 'italic' : opener;
      const node: Container = { kind, children: [] };
      if (kind === 'quote' && paragraphs++ > 0) top().push({ kind: 'break' });
      top().push(node);
      stack.push({ children: node.children, close: token.type.replace('_open', '_close') });
      if (kind === 'quote') paragraphs = 0;
      continue;
    }
    if (stack.length > 1 && token.type === stack[stack.length - 1]!.close) {
      stack.pop();
      continue;
    }
    switch (token.type) {
      case 'paragraph_open':
        if (paragraphs++ > 0) top().push({ kind: 'break' }, { kind: 'break' });
        break;
      case 'inline':
        walk(token.children ?? [], top());
        break;
      case 'fence':
        if (paragraphs++ > 0) top().push({ kind: 'break' });
        top().push({
          kind: 'pre',
          text: token.content.replace(/\n$/, ''),
          lang: token.info.trim().split(/\s/)[0] ?? '',
        });
        break;
      case 'text':
        pushText(top(), token.content);
        break;
      case 'code_inline':
        top().push({ kind: 'code', text: token.content });
        break;
      case 'softbreak':
      case 'hardbreak':
        top().push({ kind: 'break' });
        break;
      case 'link_open':
        link = { href: token.attrGet('href') ?? '', text: '' };
        break;
      case 'link_close':
        if (link) {
          if (SAFE_HREF.test(link.href))
            top().push({ kind: 'link', text: link.text, href: link.href });
          else pushText(top(), link.text);
        }
        link = null;
        break;
      default:
        // paragraph_close and any token of a rule not enabled: nothing to show.
        break;
    }
  }
}

const PARSE_LIMIT = MESSAGE_MAX_LENGTH * 4;

/** Parses a message's text into the formatting tree. */
export function parseFormatted(text: string): FormatNode[] {
  // The server refuses longer messages; a text far past that (a corrupt
  // cache, a hostile peer) is shown as typed rather than parsed, which
  // keeps the parser's cost bounded.
  if (text.length > PARSE_LIMIT) return [{ kind: 'text', text }];
  const root: FormatNode[] = [];
  walk(markdown.parse(text, {}), root);
  return root;
}
