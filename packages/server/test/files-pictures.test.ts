import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_MSG } from '@parley/protocol/file';
import { useBlobStore, withBlobStores } from './blob-stores';
import { bytes, fileCalls } from './files';
import type { Client } from './harness';
import { animatedWebp, markersIn, PRIVATE_EXIF } from './images';
import { direct, history, person, sent } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Pictures attached to messages reach other members without their metadata
// (GPS position, camera serial, owner): the stored original is turned
// upright and re-encoded in its own format, and so is the thumbnail. What
// the files suite checks for every file (access, headers) is not repeated.

describe.each(withBlobStores(stores()))(
  'pictures in messages lose their metadata ($name, $blobKind)',
  (matrix) => {
    const stored = useBlobStore(matrix.blobKind);
    const suite = useSuiteServer(matrix.backend, { blobs: stored.blobs });
    let client: Client;
    let base: string;
    beforeAll(() => {
      ({ client } = suite);
      base = suite.server.url;
    });
    const { upload, uploaded, download } = fileCalls(() => base);

    /** No blob on disk (the stored original, its thumbnail, anything left over) holds a marker. */
    const markersOnDisk = async () => {
      const all = await Promise.all((await stored.stored()).map((key) => stored.bytesOf(key)));
      return all.flatMap((data) => markersIn(data));
    };

    it('turns a phone photo upright and strips its EXIF from the stored original and the thumbnail', async () => {
      const alice = await person(client);
      const bob = await person(client);
      const chat = await direct(client, alice, bob);
      // 600 × 300 stored, orientation 6: a 300 × 600 portrait on screen.
      const photo = await sharp({
        create: { width: 600, height: 300, channels: 3, background: '#224466' },
      })
        .jpeg({ quality: 95 })
        .withMetadata({ orientation: 6, exif: PRIVATE_EXIF })
        .toBuffer();
      const sentMeta = await sharp(photo).metadata();
      expect(sentMeta.orientation).toBe(6);
      expect(markersIn(photo)).toHaveLength(5);

      const file = await uploaded(alice, photo, 'IMG_0001.JPG');
      expect(file).toMatchObject({ mime: 'image/jpeg', width: 300, height: 600 });
      expect(await markersOnDisk()).toEqual([]);
      await sent(client, alice, chat.id, '', { file_id: file.id });
      const seen = (await history(client, bob, chat.id)).messages.at(-1)?.attached_file;
      expect(seen).toMatchObject({ width: 300, height: 600 });

      const original = await bytes(await download(file.url, bob));
      const full = await sharp(original).metadata();
      // Upright in its own pixels, so no reader depends on the (gone) orientation tag.
      expect(full).toMatchObject({ format: 'jpeg', width: seen?.width, height: seen?.height });
      expect(full.exif).toBeUndefined();
      expect(full.orientation ?? 1).toBe(1);
      expect(markersIn(original)).toEqual([]);
      expect(file.size).toBe(original.length);
      // Re-encoded at a high quality: the colour is where it was.
      const { channels } = await sharp(original).stats();
      const drift = channels.slice(0, 3).map((c, i) => Math.abs(c.mean - [0x22, 0x44, 0x66][i]!));
      expect(Math.max(...drift)).toBeLessThan(2);

      const thumb = await bytes(await download(file.thumbnail_url ?? '', bob));
      const small = await sharp(thumb).metadata();
      expect(small).toMatchObject({ format: 'webp', width: 240, height: 480 });
      expect(small.exif).toBeUndefined();
      expect(markersIn(thumb)).toEqual([]);
    });

    it('keeps a PNG lossless, 16 bits deep, without its EXIF', async () => {
      const alice = await person(client);
      const png = await sharp({
        create: {
          width: 64,
          height: 48,
          channels: 4,
          background: { r: 10, g: 200, b: 90, alpha: 0.6 },
        },
      })
        .toColourspace('rgb16')
        .png()
        .withMetadata({ exif: PRIVATE_EXIF })
        .toBuffer();
      expect((await sharp(png).metadata()).exif).toBeDefined();
      const file = await uploaded(alice, png, 'chart.png');
      const served = await bytes(await download(file.url, alice));
      const meta = await sharp(served).metadata();
      expect(meta).toMatchObject({ format: 'png', depth: 'ushort', width: 64, height: 48 });
      expect(meta.exif).toBeUndefined();
      expect(markersIn(served)).toEqual([]);
      const pixels = (data: Buffer) => sharp(data).raw({ depth: 'ushort' }).toBuffer();
      expect((await pixels(served)).equals(await pixels(png))).toBe(true);
      expect(await markersOnDisk()).toEqual([]);
    });

    it('keeps a lossless WebP lossless and an animated WebP animated, both without EXIF', async () => {
      const alice = await person(client);
      const still = await sharp({
        create: { width: 30, height: 20, channels: 3, background: '#13579b' },
      })
        .webp({ lossless: true })
        .withMetadata({ exif: PRIVATE_EXIF })
        .toBuffer();
      const file = await uploaded(alice, still, 'sticker.webp');
      const served = await bytes(await download(file.url, alice));
      expect(served.includes('VP8L')).toBe(true);
      expect(markersIn(served)).toEqual([]);
      const pixels = (data: Buffer) => sharp(data).raw().toBuffer();
      expect((await pixels(served)).equals(await pixels(still))).toBe(true);

      const moving = await animatedWebp(3);
      expect(markersIn(moving)).not.toEqual([]);
      const clip = await uploaded(alice, moving, 'wave.webp');
      expect(clip).toMatchObject({ mime: 'image/webp', width: 40, height: 20 });
      const frames = await bytes(await download(clip.url, alice));
      const meta = await sharp(frames, { animated: true }).metadata();
      expect(meta).toMatchObject({ pages: 3, pageHeight: 20, delay: [120, 80, 120] });
      expect(meta.exif).toBeUndefined();
      expect(markersIn(frames)).toEqual([]);
      expect(await markersOnDisk()).toEqual([]);
    });

    it('refuses an animation whose frames together pass the pixel ceiling, keeping nothing', async () => {
      const alice = await person(client);
      const before = await stored.stored();
      // 70 frames of 1000 × 1000: each frame is fine, all of them are 70 Mpx.
      const bomb = await animatedWebp(70, 1000, 1000);
      const text = FILE_MSG.imageTooManyPixels;
      expect(await upload(alice, bomb, 'bomb.webp')).toEqual({
        status: 422,
        body: { message: text, file: [text], errors: { file: [text] } },
      });
      expect(await stored.stored()).toEqual(before);
    });
  },
);
