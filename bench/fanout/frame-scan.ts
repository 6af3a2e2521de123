// The load generator reads about 40,000 frames/s on its one core, and fully
// parsing each (JSON.parse of ~700 bytes) was a third of its time: its event
// loop then fell behind in bursts, and that delay counted as the server's
// latency. The deliveries it measures are read here with a few string
// searches, in the field order the server writes them (the protocol's
// schema order); anything else — another frame, another order, an escaped
// text — returns null and is parsed whole by the caller.

export interface ScannedDelivery {
  id: number;
  uuid: string;
  text: string;
}

const PREFIX = '{"op":"event","scope":"conversation","conversation_id":';
const MESSAGE_NEW = ',"type":"message.new","payload":{"message_id":';
const UUID = '"uuid":"';
const TEXT = '"message":"';

function between(frame: string, marker: string, from: number): [string, number] | null {
  const at = frame.indexOf(marker, from);
  if (at < 0) return null;
  const start = at + marker.length;
  const end = frame.indexOf('"', start);
  return end < 0 ? null : [frame.slice(start, end), end];
}

/** A message.new frame's message id, uuid and text; null for anything else. */
export function scanMessageNew(frame: string): ScannedDelivery | null {
  if (!frame.startsWith(PREFIX)) return null;
  const typeAt = frame.indexOf(MESSAGE_NEW, PREFIX.length);
  if (typeAt < 0) return null;
  const idStart = typeAt + MESSAGE_NEW.length;
  const idEnd = frame.indexOf(',', idStart);
  const id = Number(frame.slice(idStart, idEnd));
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const uuid = between(frame, UUID, idEnd);
  if (!uuid) return null;
  const text = between(frame, TEXT, uuid[1]);
  // A backslash means an escape the slice would get wrong: parse it whole.
  if (!text || text[0].includes('\\')) return null;
  return { id, uuid: uuid[0], text: text[0] };
}
