import { ECDH } from 'node:crypto';

// A subscription's keys (RFC 8291 section 3): `p256dh` is the browser's
// P-256 public key as an uncompressed point (65 bytes, 0x04 | x | y) and
// `auth` its 16-byte secret, both base64url. A key that is not a point on
// the curve cannot be encrypted for: it is refused at registration, and a
// row stored before that check is dropped by the sender (sender.ts) instead
// of failing the delivery round. The curve check is node:crypto's (OpenSSL
// refuses a point that is not on P-256); nothing is computed by hand here.

export const P256DH_BYTES = 65;
export const AUTH_BYTES = 16;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function decode(text: string): Buffer | null {
  return BASE64URL.test(text) ? Buffer.from(text.replace(/=+$/, ''), 'base64url') : null;
}

/** What is wrong with the keys, in words for the 422; null when they can be encrypted for. */
export function pushKeysProblem(keys: { p256dh: string; auth: string }): string | null {
  const point = decode(keys.p256dh);
  if (point?.length !== P256DH_BYTES || point[0] !== 0x04)
    return 'p256dh must be an uncompressed P-256 public key (65 bytes, base64url)';
  try {
    ECDH.convertKey(point, 'prime256v1', undefined, undefined, 'compressed');
  } catch {
    return 'p256dh is not a point on the P-256 curve';
  }
  if (decode(keys.auth)?.length !== AUTH_BYTES) return 'auth must be a 16-byte secret (base64url)';
  return null;
}
