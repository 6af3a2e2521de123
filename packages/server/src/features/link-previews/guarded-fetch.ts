import type { Dispatcher } from 'undici';
import { addressAllowed } from './address-guard';
import type { Resolver } from './resolver';
import { PreviewRefused, checkUrl } from './url-policy';
import type { Target, UrlPolicy } from './url-policy';

// GET through the address guard. For every hop (the first URL and each
// redirect, followed by hand): check the URL, resolve the name ourselves,
// refuse unless EVERY address is allowed, then connect to exactly the
// address that was checked — the socket is pinned to it, so a DNS answer
// that changes between the check and the connect (rebinding) is never
// used. TLS still verifies the certificate against the host name.
// undici (MiBs of heap) is loaded at the first fetch, not at start.

export interface GuardOptions extends UrlPolicy {
  resolver: Resolver;
  userAgent: string;
  /** Called just before a socket is opened: tests count connections with it. */
  onConnect?: (address: string, port: number) => void;
}

export interface FetchLimits {
  /** The whole exchange, redirects and body included. */
  timeoutMs: number;
  /**
   * Connecting, and the response's headers after the request: a site that
   * does not start answering within this is given up on early, so it holds
   * a fetch slot only briefly (issue 18). timeoutMs when absent.
   */
  firstByteTimeoutMs?: number;
  maxBytes: number;
  maxRedirects: number;
}

/** The page could not be fetched (status, network, time or size); not a guard refusal. */
export class PreviewFailed extends Error {
  override name = 'PreviewFailed';
}

export interface Fetched {
  /** The address of the last hop (relative links in the page resolve against it). */
  url: URL;
  contentType: string;
  /** False: the content type is not one of `types`; the body was not read. */
  accepted: boolean;
  body: Buffer;
  /** The body was longer than maxBytes (or reading stopped early on purpose). */
  truncated: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function header(headers: Dispatcher.ResponseData['headers'], name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** Drops a body we will not read. undici reports the drop as an error event: nobody must care. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new PreviewFailed('time limit'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/** The one address to connect to; every address the name has must pass the guard (push uses it too). */
export async function checkedAddress(
  target: Target,
  options: GuardOptions,
  signal: AbortSignal,
): Promise<string> {
  if (target.literal) return target.host; // judged by checkUrl: lookup hooks never see literals
  let addresses: string[];
  try {
    addresses = await Promise.race([options.resolver(target.host), aborted(signal)]);
  } catch (error) {
    if (error instanceof PreviewFailed) throw error;
    throw new PreviewFailed(`cannot resolve ${target.host}`);
  }
  const first = addresses[0];
  if (first === undefined) throw new PreviewFailed(`no address for ${target.host}`);
  for (const address of addresses) {
    if (!addressAllowed(address, target.port, options.allow)) {
      throw new PreviewRefused(`${target.host} resolves to ${address}`);
    }
  }
  return first;
}

/** Reads at most maxBytes; `stop` may end the read early (the HTML head is complete). */
async function readLimited(
  body: Dispatcher.ResponseData['body'],
  maxBytes: number,
  stop?: (chunk: string) => boolean,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let total = 0;
  let truncated = false;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    const room = maxBytes - total;
    chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
    total += Math.min(chunk.length, room);
    if (chunk.length >= room) {
      truncated = true;
      break;
    }
    if (stop?.(chunk.toString('latin1'))) {
      truncated = true;
      break;
    }
  }
  return { bytes: Buffer.concat(chunks), truncated };
}

export interface GetOptions {
  accept: string;
  /** Content types taken (checked on the final response before its body is read). */
  types: (contentType: string) => boolean;
  stop?: (chunk: string) => boolean;
}

export async function guardedGet(
  raw: string,
  get: GetOptions,
  limits: FetchLimits,
  options: GuardOptions,
): Promise<Fetched> {
  const { Client, buildConnector } = await import('undici');
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let target = checkUrl(raw, options);
  for (let hop = 0; ; hop += 1) {
    const address = await checkedAddress(target, options, signal);
    const firstByte = Math.min(limits.firstByteTimeoutMs ?? limits.timeoutMs, limits.timeoutMs);
    const connector = buildConnector({ timeout: firstByte });
    const port = target.port;
    const client = new Client(target.url.origin, {
      // WARNING: `hostname` is replaced by the address checked above. undici
      // would otherwise resolve the name again (a second answer may differ).
      connect: (connectOptions, callback) => {
        options.onConnect?.(address, port);
        connector({ ...connectOptions, hostname: address }, callback);
      },
      headersTimeout: firstByte,
      bodyTimeout: limits.timeoutMs,
    });
    try {
      let response: Dispatcher.ResponseData;
      try {
        response = await client.request({
          method: 'GET',
          path: `${target.url.pathname}${target.url.search}`,
          headers: {
            'user-agent': options.userAgent,
            accept: get.accept,
            // No compressed bodies: the size limit counts what is read, and no zip bombs.
            'accept-encoding': 'identity',
          },
          signal,
        });
      } catch (error) {
        throw new PreviewFailed(signal.aborted ? 'time limit' : `no answer: ${String(error)}`);
      }
      const { statusCode, headers, body } = response;
      if (REDIRECTS.has(statusCode)) {
        discard(body);
        const location = header(headers, 'location');
        if (location === '') throw new PreviewFailed('redirect without Location');
        if (hop >= limits.maxRedirects) throw new PreviewFailed('too many redirects');
        target = checkUrl(location, options, target.url);
        continue;
      }
      if (statusCode !== 200) {
        discard(body);
        throw new PreviewFailed(`status ${statusCode}`);
      }
      const contentType = header(headers, 'content-type').toLowerCase();
      if (!get.types(contentType)) {
        discard(body);
        const empty = Buffer.alloc(0);
        return { url: target.url, contentType, accepted: false, body: empty, truncated: false };
      }
      try {
        const { bytes, truncated } = await readLimited(body, limits.maxBytes, get.stop);
        return { url: target.url, contentType, accepted: true, body: bytes, truncated };
      } catch {
        throw new PreviewFailed(signal.aborted ? 'time limit' : 'body not read');
      } finally {
        discard(body);
      }
    } finally {
      await client.destroy().catch(() => undefined);
    }
  }
}

/**
 * POSTs a JSON body through the same guard (bot webhooks): the URL and every
 * address checked, the socket pinned to the checked address, no redirects
 * followed. Answers the status and, for a 2xx, up to maxBytes of the reply's
 * body (a webhook reply may hold a Bot API call, as on Telegram).
 */
export async function guardedPostJson(
  raw: string,
  body: string,
  headers: Record<string, string>,
  limits: Pick<FetchLimits, 'timeoutMs' | 'maxBytes'>,
  options: GuardOptions,
): Promise<{ status: number; body: string }> {
  const { Client, buildConnector } = await import('undici');
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const target = checkUrl(raw, options);
  const address = await checkedAddress(target, options, signal);
  const connector = buildConnector({ timeout: limits.timeoutMs });
  const client = new Client(target.url.origin, {
    connect: (connectOptions, callback) => {
      options.onConnect?.(address, target.port);
      connector({ ...connectOptions, hostname: address }, callback);
    },
    headersTimeout: limits.timeoutMs,
    bodyTimeout: limits.timeoutMs,
  });
  try {
    const response = await client.request({
      method: 'POST',
      path: `${target.url.pathname}${target.url.search}`,
      headers: {
        'user-agent': options.userAgent,
        'content-type': 'application/json',
        ...headers,
      },
      body,
      signal,
    });
    const status = response.statusCode;
    if (status < 200 || status > 299) {
      discard(response.body);
      return { status, body: '' };
    }
    try {
      const { bytes, truncated } = await readLimited(response.body, limits.maxBytes);
      // A cut reply is no call: only a whole body is worth reading.
      return { status, body: truncated ? '' : bytes.toString('utf8') };
    } catch {
      return { status, body: '' }; // delivered all the same: the status said so
    } finally {
      discard(response.body);
    }
  } catch (error) {
    throw new PreviewFailed(signal.aborted ? 'time limit' : `connection: ${String(error)}`);
  } finally {
    await client.destroy().catch(() => undefined);
  }
}
