import { Parser } from 'htmlparser2';
import { LINK_PREVIEW_LIMITS } from '@parley/protocol/link-preview';

// What a card shows, read from a page's <head>: Open Graph first, then
// Twitter cards, then <title> and the meta description. htmlparser2 decodes
// the entities; the texts are cleaned and cut here and are shown by the web
// as text, never as HTML.

export interface PageMeta {
  title: string | null;
  description: string | null;
  siteName: string | null;
  /** Absolute http(s) address of the image, not yet fetched. */
  image: string | null;
}

const TITLE_KEYS = ['og:title', 'twitter:title'];
const DESCRIPTION_KEYS = ['og:description', 'twitter:description', 'description'];
const SITE_KEYS = ['og:site_name', 'application-name'];
const IMAGE_KEYS = [
  'og:image:secure_url',
  'og:image:url',
  'og:image',
  'twitter:image',
  'twitter:image:src',
];

/** C0/C1 controls, zero-width marks and bidi overrides: a title must not reorder the card. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Control characters out, whitespace runs to one space, cut to `max` characters with "…". */
export function cleanText(value: string | undefined, max: number): string | null {
  if (value === undefined) return null;
  const text = value.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  const chars = [...text];
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

function absoluteHttpUrl(value: string | undefined, base: URL): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const first = (meta: Map<string, string>, keys: string[]) =>
  keys.map((k) => meta.get(k)).find((v) => v !== undefined && v.trim() !== '');

export function readPageMeta(html: string, pageUrl: URL): PageMeta {
  const meta = new Map<string, string>();
  let title: string | undefined;
  let inTitle = false;
  let titleText = '';
  let done = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (done) return;
        if (name === 'body') done = true;
        else if (name === 'title' && title === undefined) inTitle = true;
        else if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
          const content = attributes.content;
          // The first of each wins: pages list the main image before the others.
          if (key !== '' && content !== undefined && !meta.has(key)) meta.set(key, content);
        }
      },
      ontext(text) {
        if (inTitle) titleText += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          title = titleText;
        }
        if (name === 'head') done = true;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return {
    title: cleanText(first(meta, TITLE_KEYS) ?? title, LINK_PREVIEW_LIMITS.title),
    description: cleanText(first(meta, DESCRIPTION_KEYS), LINK_PREVIEW_LIMITS.description),
    siteName: cleanText(first(meta, SITE_KEYS), LINK_PREVIEW_LIMITS.siteName),
    image: absoluteHttpUrl(first(meta, IMAGE_KEYS), pageUrl),
  };
}

/** The page's encoding: the Content-Type header, else a <meta charset> near the top, else UTF-8. */
export function decodeHtml(bytes: Buffer, contentType: string): string {
  const declared =
    /charset=["']?([\w.:-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset=["']?([\w.:-]+)/i.exec(bytes.subarray(0, 4096).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
