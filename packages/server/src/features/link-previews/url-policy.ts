import { isIP } from 'node:net';
import type { AllowedEndpoint } from './address-guard';
import { addressAllowed, isAllowedEndpoint } from './address-guard';

// The checks on an address before anything is resolved or connected:
// scheme, credentials, port, and IP literals (undici's connect.lookup is
// never called for a literal, so a literal is judged here, by us).

/** A request the guard refused; `reason` is for logs and tests, never shown to users. */
export class PreviewRefused extends Error {
  override name = 'PreviewRefused';
  constructor(readonly reason: string) {
    super(`link preview refused: ${reason}`);
  }
}

export interface UrlPolicy {
  /** Test-only endpoints let through although not public (never set in production). */
  allow: AllowedEndpoint[];
  /**
   * Test-only: nothing but the allowed endpoints, no DNS at all. The e2e
   * server runs this way so a message with https://example.org in a test
   * never makes the server look the name up or connect out.
   */
  onlyAllowed: boolean;
}

export interface Target {
  url: URL;
  /** The host without IPv6 brackets. */
  host: string;
  port: number;
  /** The host is an IP address: no lookup, checked as is. */
  literal: boolean;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/**
 * Parses and checks one address (the first, or a redirect's Location
 * resolved against the previous hop). Throws PreviewRefused.
 */
export function checkUrl(raw: string, policy: UrlPolicy, base?: URL): Target {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new PreviewRefused('not a valid URL');
  }
  const defaultPort = DEFAULT_PORTS[url.protocol];
  if (defaultPort === undefined) throw new PreviewRefused(`scheme ${url.protocol}`);
  if (url.username !== '' || url.password !== '') throw new PreviewRefused('credentials in URL');
  // The WHATWG parser has already turned 0x7f.1, 2130706433 and 0177.0.0.1
  // into 127.0.0.1, and [::FFFF:7F00:1] into [::ffff:7f00:1].
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') throw new PreviewRefused('no host');
  const port = url.port === '' ? defaultPort : Number(url.port);
  // Default ports only: previews must not turn the server into a port
  // scanner of other people's hosts. Tests' own servers are the exception.
  if (port !== defaultPort && !policy.allow.some((e) => e.port === port)) {
    throw new PreviewRefused(`port ${port}`);
  }
  const literal = isIP(host) !== 0;
  if (policy.onlyAllowed && !isAllowedEndpoint(host, port, policy.allow)) {
    throw new PreviewRefused(`${host}:${port} is not the test endpoint`);
  }
  if (literal && !addressAllowed(host, port, policy.allow)) {
    throw new PreviewRefused(`address ${host}`);
  }
  if (!literal && (host === 'localhost' || host.endsWith('.localhost'))) {
    throw new PreviewRefused(`host ${host}`);
  }
  return { url, host, port, literal };
}
