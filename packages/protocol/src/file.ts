import { z } from 'zod';
import { API_BASE } from './constants';

// Files in conversations (spec 3: Message `file` and `attached_file`; the
// upload answers `uploaded` with the URL, like the avatar upload). A file is
// uploaded first (`POST /user/files/upload`, multipart field `file`), then
// attached to a message by its id (`file_id` of the send). Downloads are at
// an unguessable key and are served only to members of a conversation that
// holds a message with the file (docs/FILES.md).

/** The largest upload by default (FILE_MAX_MB on the server changes it). */
export const FILE_MAX_BYTES_DEFAULT = 25 * 1024 * 1024;
/** Thumbnails fit in this square (re-encoded WebP, no metadata). */
export const THUMBNAIL_MAX_PX = 480;
/** A displayed file name keeps at most this many characters. */
export const FILE_NAME_MAX_LENGTH = 255;
/** The image formats that get a thumbnail and are shown inline. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/**
 * Message.type of a message with a file: set by the server from the sniffed
 * content, kept by forwards. The list preview and quotes show a label from it.
 */
export const FILE_MESSAGE_TYPES = { image: 'image', file: 'file' } as const;

/** Server texts of the files calls; the web catalogues use them as keys. */
export const FILE_MSG = {
  fileRequired: 'Choose a file',
  fileTooLarge: 'The file is too large',
  imageTooManyPixels: 'The image has too many pixels',
  imageUnreadable: 'The image could not be read',
  fileUnavailable: 'This file cannot be attached',
  /** 413: the uploader's stored files would pass their quota (UPLOAD_QUOTA_MB). */
  quotaExceeded: 'Your storage is full.',
} as const;

/** The random key of a file in URLs: 128 bits, base64url. */
export const FILE_KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const fileUrl = (key: string) => `${API_BASE}/files/${key}`;
export const thumbnailUrl = (key: string) => `${API_BASE}/files/${key}/thumbnail`;

/** Message.attached_file: what a client needs to show and fetch the file. */
export const attachedFileSchema = z.object({
  /** What the send's `file_id` names. */
  id: z.number().int(),
  key: z.string(),
  /** The uploader's file name, sanitized; for display and the download's name only. */
  name: z.string(),
  size: z.number().int(),
  /** Sniffed from the content, never taken from the upload's declared type. */
  mime: z.string(),
  is_image: z.boolean(),
  /** Images: pixel size as displayed (EXIF orientation applied), so the layout can reserve it. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The file itself (Bearer header or the `token` cookie). */
  url: z.string(),
  /** Images: a ≤ 480 px WebP. */
  thumbnail_url: z.string().nullable(),
});
export type AttachedFile = z.infer<typeof attachedFileSchema>;

/** POST /user/files/upload: the spec's upload response, with the file's description. */
export const fileUploadedSchema = z.object({
  uploaded: z.string(),
  attached_file: attachedFileSchema,
});
export type FileUploaded = z.infer<typeof fileUploadedSchema>;

/** GET /files/:key and its thumbnail. Keys are checked against FILE_KEY_PATTERN by the server. */
export const fileKeyParamsSchema = z.object({ key: z.string().max(64) });

/** A refused upload: `{file: [errors]}` beside the usual message and errors (as the avatar's). */
export const fileRefusedSchema = z.object({
  message: z.string(),
  file: z.array(z.string()),
  errors: z.object({ file: z.array(z.string()) }),
});

// Control characters, bidi overrides and isolates, and zero-width marks: they
// can disguise a name ("invoice\u202Efdp.exe" shows as "invoiceexe.pdf").
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * A file name fit to show and to offer as a download name: the last path
 * segment, without control or direction characters, trimmed, at most 255
 * characters (by code point), never empty, never a dot name.
 */
export function sanitizeFileName(raw: string | null | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base.replace(UNSAFE_CHARS, '').replace(/\s+/g, ' ').trim();
  const cut = [...clean].slice(0, FILE_NAME_MAX_LENGTH).join('').trim();
  return cut === '' || /^\.+$/.test(cut) ? 'file' : cut;
}
