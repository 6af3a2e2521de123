// Message text → plain-text and link segments: the one URL rule of the
// product. The web renders the segments as React text nodes and <a>
// elements (markup in a message is shown literally); the server takes the
// first link as the address of the message's link preview, so the card
// always belongs to the first address the reader sees underlined.

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

/** The address a message's link preview is about: its first link (always http or https), or null. */
export function previewUrl(text: string): string | null {
  for (const segment of linkify(text)) {
    if (segment.kind === 'link') return segment.href;
  }
  return null;
}
