import type { Metadata } from 'sharp';

// Uploaded images are trusted by nothing but their content: file-type reads
// the magic bytes (the name and the declared type are ignored), sharp
// decodes with a pixel ceiling so a small file that claims 100000×100000
// pixels is refused before any memory is spent on it, and the result is
// re-encoded from the pixels — which drops EXIF (location, camera) and any
// payload hidden after the image data.
//
// file-type and sharp (libvips: MiBs of code and heap) are imported at their
// first use, not at start: many servers go days without an image, and the
// import is cached after the first one.

/** The only formats accepted as avatars. */
const ACCEPTED = new Set(['image/jpeg', 'image/png']);

/** Width × height above this is refused unread (a 8000×8000 photo passes). */
export const MAX_INPUT_PIXELS = 64_000_000;

export type ImageRefusal = 'not_image' | 'too_many_pixels';

export class ImageRefused extends Error {
  override name = 'ImageRefused';
  constructor(readonly reason: ImageRefusal) {
    super(reason);
  }
}

/** The sniffed MIME type when it is JPEG or PNG, else null. */
export async function sniffJpegOrPng(data: Buffer): Promise<string | null> {
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(data);
  return type && ACCEPTED.has(type.mime) ? type.mime : null;
}

/**
 * A square JPEG of `size` px from a JPEG or PNG upload: turned upright by its
 * EXIF orientation, cropped to cover the square, transparency flattened on
 * white, metadata stripped. Throws ImageRefused for anything else.
 */
export async function toAvatarJpeg(data: Buffer, size: number): Promise<Buffer> {
  if ((await sniffJpegOrPng(data)) === null) throw new ImageRefused('not_image');
  const { default: sharp } = await import('sharp');
  const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let meta: Metadata;
  try {
    meta = await image.metadata();
  } catch (error) {
    throw refusalOf(error);
  }
  // The header's claim is checked before decoding a single pixel.
  if (!meta.width || !meta.height) throw new ImageRefused('not_image');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageRefused('too_many_pixels');
  try {
    return await image
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    throw refusalOf(error);
  }
}

/** sharp refuses a header over limitInputPixels itself; anything else is a broken image. */
function refusalOf(error: unknown): ImageRefused {
  const text = error instanceof Error ? error.message : '';
  // Truncated or corrupt data behind a valid header is "not an image" too.
  return new ImageRefused(/pixel limit/i.test(text) ? 'too_many_pixels' : 'not_image');
}

/** The formats shown inline in conversations (and given a thumbnail). */
const PICTURES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/** An image of a message: its size as displayed and a small re-encoded copy. */
export interface Thumbnail {
  /** WebP, at most `maxPx` on its longer side, upright, without metadata. */
  data: Buffer;
  /** The original's size after its EXIF orientation (what a browser shows). */
  width: number;
  height: number;
}

/** True for the sniffed types that get a thumbnail (JPEG, PNG, WebP, GIF). */
export function isPicture(mime: string): boolean {
  return PICTURES.has(mime);
}

/**
 * The thumbnail of an uploaded picture. The pixel ceiling is checked on the
 * header before any decoding (a bomb costs nothing); a GIF gives its first
 * frame. Throws ImageRefused when the header is too big or the data broken.
 */
export async function toThumbnail(data: Buffer, maxPx: number): Promise<Thumbnail> {
  const { default: sharp } = await import('sharp');
  const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let meta: Metadata;
  try {
    meta = await image.metadata();
  } catch (error) {
    throw refusalOf(error);
  }
  if (!meta.width || !meta.height) throw new ImageRefused('not_image');
  // An animation's pageHeight × pages is what would be decoded; one frame is all we take.
  const frameHeight = meta.pageHeight ?? meta.height;
  if (meta.width * frameHeight > MAX_INPUT_PIXELS) throw new ImageRefused('too_many_pixels');
  // Orientations 5–8 turn the picture a quarter: width and height swap on screen.
  // An animation is not turned (see withoutMetadata), so its size is as stored.
  const animated = (meta.pages ?? 1) > 1;
  const turned = !animated && (meta.orientation ?? 1) >= 5;
  try {
    const thumbnail = await (animated ? image : image.rotate())
      .resize(maxPx, maxPx, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return {
      data: thumbnail,
      width: turned ? frameHeight : meta.width,
      height: turned ? meta.width : frameHeight,
    };
  } catch (error) {
    throw refusalOf(error);
  }
}

/**
 * A photo as it may be given to other people: turned upright and re-encoded
 * in its own format from the pixels, so its EXIF, XMP and IPTC (GPS position,
 * camera serial, owner) and anything appended to the file do not travel with
 * it. JPEG at quality 90; PNG and lossless WebP stay lossless, 16-bit PNG
 * stays 16-bit. GIFs are passed through: re-encoding would flatten an
 * animation, and the format carries no EXIF block. Call after toThumbnail
 * accepted the same bytes (the ceiling of one frame is checked there).
 */
export async function withoutMetadata(data: Buffer, mime: string): Promise<Buffer> {
  if (mime !== 'image/jpeg' && mime !== 'image/png' && mime !== 'image/webp') return data;
  // Every frame of an animated WebP is read, or only the first would be kept;
  // the pixel ceiling then counts all the frames, so an animation that would
  // unpack to gigapixels is refused here.
  const { default: sharp } = await import('sharp');
  const image = sharp(data, {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'error',
    animated: mime === 'image/webp',
  });
  try {
    const meta = await image.metadata();
    // sharp cannot turn an animation; none comes from a camera, so it keeps its stored way up.
    if ((meta.pages ?? 1) === 1) image.rotate();
    if (mime === 'image/jpeg') return await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    if (mime === 'image/png') {
      // sharp writes 8 bits unless the pipeline is 16-bit: keep a 16-bit PNG exact.
      if (meta.depth === 'ushort')
        image.toColourspace((meta.channels ?? 3) <= 2 ? 'grey16' : 'rgb16');
      return await image.png().toBuffer();
    }
    const lossless = webpIsLossless(data);
    return await image.webp(lossless ? { lossless: true } : { quality: 90 }).toBuffer();
  } catch (error) {
    throw refusalOf(error);
  }
}

/**
 * True when a WebP's (first) frame is VP8L, the lossless codec. Walks the
 * RIFF chunks after the 12-byte header, into an animation's first ANMF frame
 * (16 bytes of position and timing, then its own chunks).
 */
export function webpIsLossless(data: Buffer): boolean {
  let at = 12;
  while (at + 8 <= data.length) {
    const fourcc = data.toString('latin1', at, at + 4);
    if (fourcc === 'VP8L') return true;
    if (fourcc === 'VP8 ') return false;
    const size = data.readUInt32LE(at + 4);
    at = fourcc === 'ANMF' ? at + 8 + 16 : at + 8 + size + (size % 2);
  }
  return false;
}
