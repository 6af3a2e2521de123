// One unmasked, unfragmented WebSocket text frame (RFC 6455 §5.2), as a
// server sends it: FIN + opcode 1, then the payload length in 7 bits, or
// 126 + 16 bits, or 127 + 64 bits. Built once per event and written straight
// to every member's TCP socket: ws's own send would redo the header and a
// two-buffer writev for each socket (see realtime/shared-payloads.ts). Only
// valid while permessage-deflate is off, which is ws's server default and
// how the gateway registers it.

const FIN_TEXT = 0x81;

export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length <= 0xffff ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = FIN_TEXT;
  if (headerLength === 2) {
    frame[1] = length;
  } else if (headerLength === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}
