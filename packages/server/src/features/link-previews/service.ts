import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { API_BASE } from '@parley/protocol/constants';
import { pathOf } from '@parley/protocol/http/route';
import { routes } from '@parley/protocol/http/routes';
import { LINK_PREVIEW_MSG, previewsAllowed } from '@parley/protocol/link-preview';
import type { LinkPreview } from '@parley/protocol/link-preview';
import { MSG } from '@parley/protocol/messages';
import { previewUrl } from '@parley/protocol/rules/linkify';
import type { Clock } from '../../clock';
import { HttpError } from '../../http/http-error';
import type { Database } from '../../store/types';
import { fairSlots } from './fair-slots';
import type { PreviewFetcher } from './preview-fetcher';
import * as q from './queries';
import type { PreviewRow } from './queries';

// The preview of a message for one reader: the reader must see the message
// (the same check as history) and have previews on; the page is fetched at
// most once per URL while its cache row lives, whoever asks and on whichever
// node, and at most once at a time per URL in this process.

/** How long a result is reused. Failures are retried sooner than pages that had nothing. */
export const PREVIEW_TTL_MS = {
  ok: 24 * 3_600_000,
  none: 6 * 3_600_000,
  failed: 15 * 60_000,
} as const;

/** Origin fetches running at once in this process; more wait their turn (fair-slots.ts). */
const MAX_CONCURRENT_FETCHES = 4;

export interface LinkPreviewsDeps {
  db: Kysely<Database>;
  now: Clock;
  log: FastifyBaseLogger;
  /** The message as the reader's history shows it, else throws 404. */
  visibleMessage: (
    userId: number,
    messageId: number,
  ) => Promise<{ message: string; type: string; user_id: number | null }>;
  settingsOf: (userId: number) => Promise<{ load_links: boolean; paranoid: boolean } | null>;
  fetchPreview: PreviewFetcher;
}

/** Counts one origin fetch against the reader's rate limit; throws (429) past it. */
export type CountFetch = () => Promise<void>;

/** The cache key: the address without its #fragment (the server never sends one anyway). */
export function normalizeUrl(href: string): string | null {
  try {
    const url = new URL(href);
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

export function imagePath(key: string): string {
  return `${API_BASE}${pathOf(routes.linkPreviewImage, { key })}`;
}

function toPreview(row: PreviewRow, url: string): LinkPreview | null {
  if (row.status !== 'ok') return null;
  const image =
    row.image_key !== null && row.image_width !== null && row.image_height !== null
      ? { url: imagePath(row.image_key), width: row.image_width, height: row.image_height }
      : null;
  return {
    url,
    site_name: row.site_name,
    title: row.title,
    description: row.description,
    image,
  };
}

export function createLinkPreviewsService(deps: LinkPreviewsDeps) {
  const { db, now } = deps;
  const inFlight = new Map<string, Promise<PreviewRow>>();
  // At most one fetch per reader at a time; a freed slot goes to the reader
  // who waited longest, so one reader's slow pages cannot hold every slot.
  const slot = fairSlots(MAX_CONCURRENT_FETCHES, 1);

  /** `owner`: the reader who started the fetch (others asking meanwhile join it). */
  async function fetchAndStore(urlKey: string, owner: number): Promise<PreviewRow> {
    let fields: Omit<PreviewRow, 'url_key' | 'fetched_at' | 'expires_at' | 'image_key'> & {
      image_data: Buffer | null;
    };
    try {
      const found = await slot(owner, () => deps.fetchPreview(urlKey));
      fields = {
        status: found ? 'ok' : 'none',
        title: found?.title ?? null,
        description: found?.description ?? null,
        site_name: found?.siteName ?? null,
        image_data: found?.image?.data ?? null,
        image_width: found?.image?.width ?? null,
        image_height: found?.image?.height ?? null,
      };
    } catch (error) {
      // Refusals and failures are answers too: cached briefly, so a message
      // read by a hundred people does not knock a hundred times.
      deps.log.debug(
        { host: new URL(urlKey).host, reason: error instanceof Error ? error.message : error },
        'link preview not fetched',
      );
      fields = {
        status: 'failed',
        title: null,
        description: null,
        site_name: null,
        image_data: null,
        image_width: null,
        image_height: null,
      };
    }
    const at = now();
    const row = {
      url_key: urlKey,
      ...fields,
      image_key: fields.image_data ? randomBytes(16).toString('base64url') : null,
      fetched_at: at.toISOString(),
      expires_at: new Date(at.getTime() + PREVIEW_TTL_MS[fields.status]).toISOString(),
    };
    await q.save(db, row);
    await q.pruneExpired(db, new Date(at.getTime() - PREVIEW_TTL_MS.ok).toISOString());
    const { image_data: _bytes, ...stored } = row;
    return stored;
  }

  /**
   * The cached row, or one fetch shared by everyone who asks meanwhile. Only
   * a reader who starts a fetch has it counted (`countFetch` throws 429 past
   * their limit; nothing is cached then, so a later reader fetches it).
   */
  async function previewRow(
    urlKey: string,
    owner: number,
    countFetch: CountFetch,
  ): Promise<PreviewRow> {
    const cached = await q.findFresh(db, urlKey, now().toISOString());
    if (cached) return cached;
    let running = inFlight.get(urlKey);
    if (running) return running;
    await countFetch();
    // Another reader may have started it while the count was taken.
    running = inFlight.get(urlKey);
    if (!running) {
      running = fetchAndStore(urlKey, owner).finally(() => inFlight.delete(urlKey));
      inFlight.set(urlKey, running);
    }
    return running;
  }

  return {
    async forMessage(
      userId: number,
      messageId: number,
      countFetch: CountFetch = async () => {},
    ): Promise<LinkPreview | null> {
      const message = await deps.visibleMessage(userId, messageId);
      const settings = await deps.settingsOf(userId);
      if (!settings || !previewsAllowed(settings)) {
        throw new HttpError(403, LINK_PREVIEW_MSG.turnedOff);
      }
      // Notices from the server (the System chat) are data, not text a person wrote.
      const url =
        message.user_id !== null && message.type === 'text' ? previewUrl(message.message) : null;
      if (url === null) throw new HttpError(404, MSG.notFound);
      const urlKey = normalizeUrl(url);
      if (urlKey === null) return null;
      return toPreview(await previewRow(urlKey, userId, countFetch), url);
    },

    /** The thumbnail's bytes by its random key, or null. */
    image(key: string): Promise<Buffer | null> {
      return q.findImage(db, key);
    },
  };
}

export type LinkPreviewsService = ReturnType<typeof createLinkPreviewsService>;
