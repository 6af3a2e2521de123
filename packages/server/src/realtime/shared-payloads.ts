import type { z } from 'zod';
import { textFrame } from './ws-frame';

// A bus message reaches every local socket that follows its channel as one
// and the same object (both bus implementations dispatch one parsed payload
// to all their handlers). Parsing it, and serializing the frame it carries,
// once per node instead of once per socket took the per-delivery cost of a
// 100-member room down by a third (bench/RESULTS.md). The caches are weak:
// an entry lives exactly as long as the payload it belongs to.

/** `schema.safeParse` remembered per payload object: one validation per bus message. */
export function sharedParser<T>(schema: z.ZodType<T>): (payload: unknown) => T | null {
  const results = new WeakMap<object, { value: T | null }>();
  const parse = (payload: unknown): T | null => {
    const parsed = schema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  };
  return (payload) => {
    if (typeof payload !== 'object' || payload === null) return parse(payload);
    let entry = results.get(payload);
    if (!entry) results.set(payload, (entry = { value: parse(payload) }));
    return entry.value;
  };
}

const wires = new WeakMap<object, Buffer>();

/**
 * A frame object as it goes on the wire — JSON, UTF-8, inside a WebSocket
 * text frame — built once however many sockets send it.
 */
export function frameWire(frame: object): Buffer {
  let wire = wires.get(frame);
  if (wire === undefined) {
    wires.set(frame, (wire = textFrame(Buffer.from(JSON.stringify(frame)))));
  }
  return wire;
}
