import { crc32, deflateSync } from 'node:zlib';

// A small real PNG (RGB, no dependencies) for pages the journeys serve
// themselves: a diagonal two-colour gradient with a lighter disc.

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

export function gradientPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  const [cx, cy, r] = [width * 0.7, height * 0.45, Math.min(width, height) * 0.28];
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    rows[row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const t = (x / width + y / height) / 2;
      const inDisc = (x - cx) ** 2 + (y - cy) ** 2 < r * r;
      const lift = inDisc ? 60 : 0;
      const at = row + 1 + x * 3;
      rows[at] = Math.min(255, Math.round(40 + 60 * t) + lift);
      rows[at + 1] = Math.min(255, Math.round(70 + 90 * t) + lift);
      rows[at + 2] = Math.min(255, Math.round(200 - 40 * t) + lift);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
