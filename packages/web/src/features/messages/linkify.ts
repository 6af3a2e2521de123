// Message text → plain-text and link segments. The UI renders them as React
// text nodes and <a> elements, so markup in a message is shown literally.

export type Segment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]}'"]+$/;

export function linkify(text: string): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_RE)) {
    const start = match.index;
    const url = match[0].replace(TRAILING, '');
    if (url.length < 5) continue;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    const href = /^https?:\/\//i.test(url) ? url : `https://${url}`;
    segments.push({ kind: 'link', text: url, href });
    last = start + url.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}
