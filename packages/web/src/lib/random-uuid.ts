// crypto.randomUUID exists only in secure contexts (https, localhost): a
// self-hosted server opened over plain HTTP from another machine on the LAN
// (http://192.168.1.20:8080) has none, and sending silently did nothing.
// crypto.getRandomValues exists in every context, so the UUID is built from
// it: RFC 9562 version 4, the form the server's z.uuid() accepts.

/** A random (version 4) UUID in any browsing context, secure or not. */
export function randomUuid(): string {
  let hex = '';
  crypto.getRandomValues(new Uint8Array(16)).forEach((byte, i) => {
    // Byte 6 carries the version (4), byte 8 the variant (binary 10).
    const b = i === 6 ? (byte & 0x0f) | 0x40 : i === 8 ? (byte & 0x3f) | 0x80 : byte;
    hex += b.toString(16).padStart(2, '0');
  });
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
