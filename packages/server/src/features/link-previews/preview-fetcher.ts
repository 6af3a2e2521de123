import type { FetchLimits, GuardOptions } from './guarded-fetch';
import { systemResolver } from './resolver';
import { DEFAULT_THUMBNAIL, makeThumbnail } from './thumbnail';
import type { Thumbnail, ThumbnailOptions } from './thumbnail';

// One address → what its card shows: the page (HTML only, its head read
// within the limits), then its image through the same guard, as a thumbnail.
// The fetching and parsing code (undici, htmlparser2, sharp) is loaded at the
// first preview: it is MiBs of heap, and most servers fetch previews seldom.

export interface FetcherOptions extends GuardOptions {
  page: FetchLimits;
  image: FetchLimits;
  thumbnail: ThumbnailOptions;
}

export const DEFAULT_FETCH_LIMITS: Pick<FetcherOptions, 'page' | 'image' | 'thumbnail'> = {
  page: { timeoutMs: 4_000, firstByteTimeoutMs: 1_500, maxBytes: 512 * 1024, maxRedirects: 4 },
  image: {
    timeoutMs: 4_000,
    firstByteTimeoutMs: 1_500,
    maxBytes: 5 * 1024 * 1024,
    maxRedirects: 4,
  },
  thumbnail: DEFAULT_THUMBNAIL,
};

export const USER_AGENT = 'Mozilla/5.0 (compatible; ParleyLinkPreview/1.0; self-hosted messenger)';

export interface FetchedPreview {
  title: string | null;
  description: string | null;
  siteName: string | null;
  image: Thumbnail | null;
}

/** Throws (PreviewRefused, PreviewFailed) when it could not be fetched. */
export type PreviewFetcher = (url: string) => Promise<FetchedPreview | null>;

const HTML = (type: string) => /^(text\/html|application\/xhtml\+xml)\s*(;|$)/.test(type);
/** Everything a card needs sits in <head>: stop reading there. */
const END_OF_HEAD = (chunk: string) => /<\/head\s*>|<body[\s>]/i.test(chunk);

export function createPreviewFetcher(options: FetcherOptions): PreviewFetcher {
  async function image(url: string | null): Promise<Thumbnail | null> {
    if (url === null) return null;
    const { guardedGet } = await import('./guarded-fetch');
    try {
      const got = await guardedGet(
        url,
        { accept: 'image/webp,image/png,image/jpeg,image/gif;q=0.9', types: () => true },
        options.image,
        options,
      );
      // A cut image is no image; the type is judged on the bytes, not the header.
      if (!got.accepted || got.truncated) return null;
      return await makeThumbnail(got.body, options.thumbnail);
    } catch {
      return null; // a card without its picture is still a card
    }
  }

  return async (url) => {
    const { guardedGet } = await import('./guarded-fetch');
    const { decodeHtml, readPageMeta } = await import('./html-meta');
    // END_OF_HEAD sees one chunk at a time: a tag split across two chunks
    // only means reading on to the size limit, which is harmless.
    const page = await guardedGet(
      url,
      { accept: 'text/html,application/xhtml+xml;q=0.9', types: HTML, stop: END_OF_HEAD },
      options.page,
      options,
    );
    if (!page.accepted) return null;
    const meta = readPageMeta(decodeHtml(page.body, page.contentType), page.url);
    const thumbnail = await image(meta.image);
    if (meta.title === null && meta.description === null && thumbnail === null) return null;
    return {
      title: meta.title,
      description: meta.description,
      siteName: meta.siteName,
      image: thumbnail,
    };
  };
}

/** Production settings (system resolver, public addresses only) with a test's overrides on top. */
export function fetcherOptions(overrides: Partial<FetcherOptions> = {}): FetcherOptions {
  return {
    resolver: systemResolver,
    allow: [],
    onlyAllowed: false,
    userAgent: USER_AGENT,
    ...DEFAULT_FETCH_LIMITS,
    ...overrides,
  };
}
