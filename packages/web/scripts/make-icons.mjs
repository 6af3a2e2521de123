// Rasterises the Parley mark into the PNG icons the web manifest needs, with
// Node's own zlib (no image dependency). Run: node scripts/make-icons.mjs
// The shapes mirror public/icons/icon.svg (coordinates in a 512 box).
import { deflateSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

const inRoundRect = (x, y, r) => {
  const cx = Math.min(Math.max(x, r), 512 - r);
  const cy = Math.min(Math.max(y, r), 512 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= 0 && y >= 0 && x <= 512 && y <= 512;
};
const inBubble = (x, y) => {
  const body = ((x - 256) / 152) ** 2 + ((y - 244) / 126) ** 2 <= 1;
  // Tail: triangle (150,330) (175,410) (240,360)
  const s = (ax, ay, bx, by) => (x - bx) * (ay - by) - (ax - bx) * (y - by);
  const d1 = s(150, 330, 175, 410),
    d2 = s(175, 410, 240, 360),
    d3 = s(240, 360, 150, 330);
  const tail = !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
  return body || tail;
};
const inDot = (x, y) => [200, 256, 312].some((cx) => (x - cx) ** 2 + (y - 244) ** 2 <= 18 * 18);

function colorAt(x, y) {
  if (!inRoundRect(x, y, 112)) return null;
  if (inBubble(x, y) && !inDot(x, y)) return [255, 255, 255];
  if (inDot(x, y)) return [79, 107, 237];
  const t = (x + y) / 1024; // gradient #6a83f5 → #3f55d6
  return [106 + (63 - 106) * t, 131 + (85 - 131) * t, 245 + (214 - 245) * t];
}

function png(size) {
  const ss = 4;
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const c = colorAt(
            ((px + (sx + 0.5) / ss) * 512) / size,
            ((py + (sy + 0.5) / ss) * 512) / size,
          );
          if (c) {
            r += c[0];
            g += c[1];
            b += c[2];
            a += 1;
          }
        }
      }
      const o = 1 + px * 4;
      row[o] = a ? r / a : 0;
      row[o + 1] = a ? g / a : 0;
      row[o + 2] = a ? b / a : 0;
      row[o + 3] = (a / (ss * ss)) * 255;
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const size of [192, 512]) {
  writeFileSync(new URL(`../public/icons/icon-${size}.png`, import.meta.url), png(size));
}
