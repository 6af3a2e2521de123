// A page's image becomes a small thumbnail stored with the preview and
// served by Parley, so the reader's browser never contacts the page's host.
// The bytes are judged by their content (not the Content-Type or the name),
// decoded with a pixel ceiling (a small file that claims to be 100000 ×
// 100000 pixels is refused before it is decoded), and re-encoded: what is
// served is sharp's WebP output, with no metadata of the original. file-type
// and sharp are loaded at the first thumbnail (media/images.ts says why).

export interface Thumbnail {
  data: Buffer;
  width: number;
  height: number;
}

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
export const THUMBNAIL_TYPE = 'image/webp';

export interface ThumbnailOptions {
  maxWidth: number;
  maxHeight: number;
  maxInputPixels: number;
}

export const DEFAULT_THUMBNAIL: ThumbnailOptions = {
  maxWidth: 400,
  maxHeight: 400,
  maxInputPixels: 25_000_000,
};

/** The thumbnail, or null when the bytes are not a JPEG, PNG, WebP or GIF image we can decode. */
export async function makeThumbnail(
  bytes: Buffer,
  options: ThumbnailOptions = DEFAULT_THUMBNAIL,
): Promise<Thumbnail | null> {
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !IMAGE_TYPES.has(type.mime)) return null;
  const { default: sharp } = await import('sharp');
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: options.maxInputPixels,
      animated: false,
      failOn: 'error',
    })
      .rotate() // applies the EXIF orientation before the metadata is dropped
      .resize({
        width: options.maxWidth,
        height: options.maxHeight,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}
