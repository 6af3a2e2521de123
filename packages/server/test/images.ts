import { crc32 } from 'node:zlib';
import sharp from 'sharp';

// Image fixtures of the upload suites, made on the fly.

/** A PNG chunk: length, type, data, CRC of type + data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A ~60-byte PNG whose header claims width × height pixels (a decompression bomb's shape). */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-colour picture of the given format and size. */
export const solid = (
  format: 'png' | 'gif' | 'jpeg' | 'webp',
  width = 80,
  height = 60,
): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .toFormat(format)
    .toBuffer();

/** A tiny but well-formed PDF (file-type knows it by its `%PDF-` start). */
export function pdf(text = 'Parley'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n% ${text}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
  );
}
