import { z } from 'zod';

// Link previews: the card under a message whose text holds an address. The
// server fetches the page (never the reader's browser) and answers for a
// message the reader can see, not for an arbitrary URL — there is no open
// fetch proxy. Which address counts is rules/linkify.ts `previewUrl`.

/** Longest texts kept from a page, in characters (the rest is cut with "…"). */
export const LINK_PREVIEW_LIMITS = {
  title: 200,
  description: 300,
  siteName: 80,
} as const;

/** Both settings must allow it: `load_links` on and `paranoid` off. */
export function previewsAllowed(user: { load_links: boolean; paranoid: boolean }): boolean {
  return user.load_links && !user.paranoid;
}

export const LINK_PREVIEW_MSG = {
  turnedOff: 'Link previews are turned off in your settings.',
} as const;

export const linkPreviewImageSchema = z.object({
  /** Served by this server (`/api/v1/link-previews/images/{key}`), never the page's host. */
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

export const linkPreviewSchema = z.object({
  /** The address in the message (what the card opens). */
  url: z.string(),
  site_name: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  image: linkPreviewImageSchema.nullable(),
});
export type LinkPreview = z.infer<typeof linkPreviewSchema>;

/** `preview: null`: the page could not be fetched or had nothing to show. */
export const linkPreviewReplySchema = z.object({
  status: z.literal('ok'),
  preview: linkPreviewSchema.nullable(),
});
export type LinkPreviewReply = z.infer<typeof linkPreviewReplySchema>;

/** Image keys are random (128 bits, base64url): knowing one means you were shown the card. */
export const linkPreviewImageParamsSchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
});
