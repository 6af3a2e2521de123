import { isIP } from 'node:net';

// The two address variables, checked at start so a typo ends in the config
// error instead of a stack trace from listen() (HOST) or from proxy-addr
// inside Fastify (TRUST_PROXY).

/** RFC 1123 host names: dot-separated labels of letters, digits and inner hyphens. */
const HOST_NAME =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** HOST: an IPv4 or IPv6 address (without brackets) or a host name such as localhost. */
export function isListenHost(value: string): boolean {
  return isIP(value) !== 0 || HOST_NAME.test(value);
}

/** The names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isTrustEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', range, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  // An IPv4 netmask (10.0.0.0/255.0.0.0).
  return family === 4 && isIP(range) === 4;
}

/**
 * TRUST_PROXY: `true`, `false`, a hop count, or a comma-separated list of
 * addresses, CIDR ranges and the names loopback, linklocal, uniquelocal.
 * Returns the parsed value, or null when it is none of those.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string | null {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  return entries.every(isTrustEntry) ? entries.join(',') : null;
}
