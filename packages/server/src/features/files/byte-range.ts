import type { ByteRange } from '../../storage/blob-store';

// Range requests on file downloads (RFC 9110 §14), so a player can seek in
// audio and video and a download can resume. One range is served as a 206;
// a request for several ranges is answered with the whole file (200),
// which the RFC allows (a server may ignore Range) and which spares us
// multipart/byteranges — browsers and download tools ask for one range.
// @fastify/send does this for files on disk, but our bytes come from the
// blob store, so the header is read here.

export type RangeAnswer =
  /** No Range, another unit, a malformed header, several ranges, or a stale If-Range: 200. */
  | { kind: 'whole' }
  /** 206 with these bytes. */
  | { kind: 'part'; range: ByteRange }
  /** 416: the one range asked for starts past the end (or is an empty suffix). */
  | { kind: 'unsatisfiable' };

const WHOLE: RangeAnswer = { kind: 'whole' };
const UNSATISFIABLE: RangeAnswer = { kind: 'unsatisfiable' };

/** `first-last`, `first-`, or `-suffix`; digits only (no signs, spaces or exponents). */
const SPEC = /^(?:(\d+)-(\d*)|-(\d+))$/;

/** What to send for a `Range` header on a representation of `size` bytes. */
export function rangeOf(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return WHOLE;
  const set = /^bytes=(.*)$/i.exec(header.trim());
  if (!set) return WHOLE;
  // A list may hold empty elements (RFC 9110 §5.6.1): "bytes=0-1," is one range.
  const specs = (set[1] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const parsed = specs.map((spec) => SPEC.exec(spec));
  // Any invalid part makes the whole header invalid: ignored, as the RFC allows.
  if (parsed.length === 0 || parsed.some((m) => m === null)) return WHOLE;
  for (const m of parsed) {
    if (m?.[1] !== undefined && m[2] !== '' && Number(m[2]) < Number(m[1])) return WHOLE;
  }
  if (parsed.length > 1) return WHOLE;
  const [, first, last, suffix] = parsed[0] as RegExpExecArray;
  if (suffix !== undefined) {
    const length = Number(suffix);
    if (length === 0 || size === 0) return UNSATISFIABLE;
    return { kind: 'part', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  if (start >= size) return UNSATISFIABLE;
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'part', range: { start, end } };
}

/**
 * If-Range: the range holds only while the client's copy is ours. We send a
 * strong ETag and no Last-Modified, so only that exact tag validates; a date
 * or another tag means "send it all".
 */
export function ifRangeHolds(header: string | string[] | undefined, etag: string): boolean {
  // Node joins most repeated headers, not this one: several If-Range headers validate nothing.
  return header === undefined || (typeof header === 'string' && header.trim() === etag);
}

/** The Content-Range of a 206, or of a 416 when there is no range (an asterisk, then the size). */
export function contentRange(range: ByteRange | null, size: number): string {
  return range ? `bytes ${range.start}-${range.end}/${size}` : `bytes */${size}`;
}
