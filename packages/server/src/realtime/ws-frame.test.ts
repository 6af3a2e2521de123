import { describe, expect, it } from 'vitest';
import type { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import * as ws from 'ws';
import { textFrame } from './ws-frame';

// Frames built by hand must read back as ws's own receiver reads a server's
// text frames, at each of the three length encodings and their edges.

/** ws's frame parser; exported by the package though its types leave it out. */
type ReceiverClass = new (options: { isServer: boolean }) => Writable & EventEmitter;
const { Receiver } = ws as unknown as { Receiver: ReceiverClass };

function parse(frame: Buffer): Promise<{ text: string; binary: boolean }> {
  return new Promise((resolve, reject) => {
    // A client-side receiver: server frames are unmasked.
    const receiver = new Receiver({ isServer: false });
    receiver.on('message', (data: Buffer, isBinary: boolean) =>
      resolve({ text: data.toString('utf8'), binary: isBinary }),
    );
    receiver.on('error', reject);
    receiver.write(frame);
  });
}

describe('textFrame', () => {
  for (const length of [0, 1, 125, 126, 127, 65535, 65536, 200_000]) {
    it(`carries a ${length}-byte payload`, async () => {
      const text = 'é'.repeat(Math.floor(length / 2)) + 'x'.repeat(length % 2);
      const payload = Buffer.from(text);
      expect(payload.length).toBe(length);
      const frame = textFrame(payload);
      expect(frame[0]).toBe(0x81);
      expect(await parse(frame)).toEqual({ text, binary: false });
    });
  }
});
