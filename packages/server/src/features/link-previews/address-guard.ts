import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { IPv4, IPv6 } from 'ipaddr.js';

// Which addresses the link-preview fetcher may connect to: public unicast
// only. This is an allow-list (ipaddr.js names every special range; only
// its plain 'unicast' passes, and for IPv6 only inside 2000::/3), so a range
// nobody thought of is refused rather than let through. IPv6 forms that
// carry an IPv4 address (mapped, NAT64, 6to4) are judged by that address.

/** One address and port the guard lets through although it is not public. Tests only. */
export interface AllowedEndpoint {
  address: string;
  port: number;
}

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

function publicV4(address: IPv4): boolean {
  return address.range() === 'unicast';
}

/** The IPv4 address inside an IPv6 one, when the form embeds one. */
function embeddedV4(address: IPv6): IPv4 | null {
  const range = address.range();
  if (range === 'ipv4Mapped') return address.toIPv4Address();
  const parts = address.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  if (address.match(NAT64_WELL_KNOWN)) return v4(parts[6] ?? 0, parts[7] ?? 0);
  if (range === '6to4') return v4(parts[1] ?? 0, parts[2] ?? 0);
  return null;
}

/** True only for a public unicast address, given in canonical text form (as DNS or URL give it). */
export function isPublicAddress(text: string): boolean {
  if (isIP(text) === 0) return false;
  const address = ipaddr.parse(text);
  if (address.kind() === 'ipv4') return publicV4(address as IPv4);
  const v6 = address as IPv6;
  if (v6.zoneId) return false;
  const inner = embeddedV4(v6);
  if (inner) return publicV4(inner);
  // Teredo, the local-use NAT64 prefix, IPv4-compatible ::a.b.c.d and the
  // rest of the special ranges all fall out here.
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

/** The same address whatever way it was written (::FFFF:7F00:1 and ::ffff:127.0.0.1 alike). */
export function canonicalAddress(text: string): string {
  return ipaddr.parse(text).toNormalizedString();
}

/** Is this exactly one of the allowed endpoints (address and port)? */
export function isAllowedEndpoint(
  address: string,
  port: number,
  allow: AllowedEndpoint[],
): boolean {
  if (isIP(address) === 0) return false;
  const key = canonicalAddress(address);
  return allow.some((e) => e.port === port && canonicalAddress(e.address) === key);
}

/** May the fetcher connect to this address and port? Public, or exactly one allowed endpoint. */
export function addressAllowed(address: string, port: number, allow: AllowedEndpoint[]): boolean {
  return isPublicAddress(address) || isAllowedEndpoint(address, port, allow);
}
