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

/** EXIF as a phone writes it: maker, camera serial and a GPS block, each with a marker to look for. */
export const PRIVATE_EXIF = {
  IFD0: { Make: 'Maker-MARK', Model: 'Model-MARK', Copyright: 'Owner-MARK' },
  IFD2: { BodySerialNumber: 'SERIAL-MARK' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSMapDatum: 'GPS-MARK' },
};
export const EXIF_MARKERS = ['Maker-MARK', 'Model-MARK', 'Owner-MARK', 'SERIAL-MARK', 'GPS-MARK'];

/** The markers of PRIVATE_EXIF found in `data` (none, once it is clean). */
export const markersIn = (data: Buffer) => EXIF_MARKERS.filter((m) => data.includes(m));

/**
 * An animated WebP of `frames` frames of width × height, alternating two
 * colours. Made by repeating the ANMF chunks of a two-frame animation, so a
 * thousand frames cost nothing to build (the shape of an animation bomb).
 */
export async function animatedWebp(frames: number, width = 40, height = 20): Promise<Buffer> {
  const frame = (background: string) =>
    sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer();
  const two = await sharp([await frame('#2a6'), await frame('#a62')], {
    join: { animated: true },
  })
    .webp({ delay: [120, 80], loop: 0 })
    .withMetadata({ exif: PRIVATE_EXIF })
    .toBuffer();
  const head: Buffer[] = [];
  const anmf: Buffer[] = [];
  for (let at = 12; at + 8 <= two.length;) {
    const size = two.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    (two.toString('latin1', at, at + 4) === 'ANMF' ? anmf : head).push(two.subarray(at, end));
    at = end;
  }
  const body = Buffer.concat([
    Buffer.from('WEBP'),
    ...head,
    ...Array.from({ length: frames }, (_, i) => anmf[i % anmf.length] as Buffer),
  ]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF'), size, body]);
}
