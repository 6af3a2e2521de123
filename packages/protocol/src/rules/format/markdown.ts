import MarkdownIt from 'markdown-it';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import tlds from 'tlds';

// The one markdown parser of the product, configured for the Telegram-like
// subset a person types in a chat. Built on markdown-it's "zero" preset so
// only the rules listed here run: no raw HTML, no headings, lists, tables,
// images or [text](url) links — those stay literal text. Links come only
// from the linkifier (linkify-it with the full TLD list), so `example.com`
// and e-mail addresses are found and `…/Foo_(bar)` keeps its parenthesis.

const md = new MarkdownIt('zero', { html: false, linkify: true, typographer: false });
md.enable([
  'blockquote',
  'fence',
  'paragraph',
  'newline',
  'escape',
  'backticks',
  'emphasis',
  'strikethrough',
  'linkify',
  'text',
]);

// Only http(s) and mailto become links: linkify-it's ftp: and protocol-relative // schemes are dropped.
md.linkify.add('ftp:', null).add('//', null);
md.linkify.tlds(tlds, false);
// A bare domain opens over https (linkify-it would say http).
const normalize = md.linkify.normalize.bind(md.linkify);
md.linkify.normalize = (match) => {
  const bare = !match.schema;
  normalize(match);
  if (bare) match.url = match.url.replace(/^http:\/\//, 'https://');
};

// markdown-it's text rule swallows everything up to its own terminator
// characters, of which `|` is not one; this copy also stops at `|` so the
// spoiler rule below gets to see `||`.
function isTerminator(code: number): boolean {
  return code === 0x7c || (TERMINATORS as readonly number[]).includes(code);
}
const TERMINATORS = [
  0x0a, 0x21, 0x23, 0x24, 0x25, 0x26, 0x2a, 0x2b, 0x2d, 0x3a, 0x3c, 0x3d, 0x40, 0x5b, 0x5c, 0x5d,
  0x5e, 0x5f, 0x60, 0x7b, 0x7d, 0x7e,
] as const;
function text(state: StateInline, silent: boolean): boolean {
  let pos = state.pos;
  while (pos < state.posMax && !isTerminator(state.src.charCodeAt(pos))) pos++;
  if (pos === state.pos) return false;
  if (!silent) state.pending += state.src.slice(state.pos, pos);
  state.pos = pos;
  return true;
}
md.inline.ruler.at('text', text);

/** Nested spoilers beyond this stay literal: bounds the recursion on hostile input. */
const MAX_SPOILER_DEPTH = 20;

/** `||hidden||`: a spoiler, shown blurred until clicked. Inner markup is parsed in its own delimiter scope. */
function spoiler(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  if (state.src.charCodeAt(start) !== 0x7c || state.src.charCodeAt(start + 1) !== 0x7c)
    return false;
  const end = state.src.indexOf('||', start + 2);
  if (end < 0 || end + 2 > state.posMax || end === start + 2) return false;
  if (state.level >= MAX_SPOILER_DEPTH) return false;
  if (!silent) {
    const oldMax = state.posMax;
    state.push('spoiler_open', 'span', 1);
    state.pos = start + 2;
    state.posMax = end;
    state.md.inline.tokenize(state);
    state.push('spoiler_close', 'span', -1);
    state.posMax = oldMax;
  }
  state.pos = end + 2;
  return true;
}
md.inline.ruler.before('text', 'spoiler', spoiler);

export const markdown = md;
