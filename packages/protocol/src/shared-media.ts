import { z } from 'zod';
import { HISTORY_PAGE_DEFAULT, HISTORY_PAGE_MAX } from './constants';
import { idParamSchema } from './ids';
import { messageSchema } from './message';

// A conversation's shared media, files and links (the viewer's gallery, a
// "Media" / "Files" / "Links" tab): its messages of one kind, newest first,
// paged by message id. The same visibility as history: members only, after
// the reader's cleared history, without messages deleted or hidden for them.

/** media: pictures and videos; files: every other file; links: texts with a URL. */
export const SHARED_MEDIA_KINDS = ['media', 'files', 'links'] as const;
export type SharedMediaKind = (typeof SHARED_MEDIA_KINDS)[number];

export const sharedMediaQuerySchema = z.object({
  kind: z.enum(SHARED_MEDIA_KINDS).default('media'),
  /** Messages with a smaller id only; absent: from the newest. */
  before: idParamSchema.optional(),
  limit: z.coerce.number<number>().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
});
export type SharedMediaQuery = z.output<typeof sharedMediaQuerySchema>;

export const sharedMediaReplySchema = z.object({
  /** Newest first; the next page is `before` the last one's id. */
  messages: z.array(messageSchema),
  has_more: z.boolean(),
});
export type SharedMediaReply = z.infer<typeof sharedMediaReplySchema>;
