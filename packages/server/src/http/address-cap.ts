import type { Server, Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';

// Open TCP connections per client address. Without a proxy in front, a
// slowloris opens connections and trickles headers into each; the headers
// timeout (app.ts) ends each one, and this cap bounds how many one address
// holds meanwhile, so it cannot take every descriptor (descriptors.ts bounds
// the total). The N+1th connection from one address is destroyed as it
// arrives. A peer that is a trusted proxy (TRUST_PROXY) is not counted: its
// connections carry many clients, and the X-Forwarded-For it sends is only
// read once the headers are in — too late to refuse a connection — so the
// proxy's own limits (nginx's limit_conn, client_header_timeout) are the
// per-client cap there (docs/OPERATIONS.md).

export type TrustProxy = boolean | number | string | ((address: string, hop: number) => boolean);

/** Whether a directly connected peer is one of the proxies the server trusts. */
export function trustedPeer(trust: TrustProxy): (address: string) => boolean {
  if (trust === true) return () => true;
  if (trust === false) return () => false;
  // A hop count trusts whatever connects directly: every peer is a proxy.
  if (typeof trust === 'number') return () => trust > 0;
  const check =
    typeof trust === 'function' ? trust : proxyAddr.compile(trust.split(',').map((t) => t.trim()));
  return (address) => check(address, 0);
}

export interface AddressCapOptions {
  max: number;
  trusted: (address: string) => boolean;
  log: FastifyBaseLogger;
  /** At most one warning per address per this period (10 s). */
  warnEveryMs?: number;
}

export function capConnectionsPerAddress(server: Server, options: AddressCapOptions): void {
  const open = new Map<string, number>();
  const warned = new Map<string, number>();
  const warnEveryMs = options.warnEveryMs ?? 10_000;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || options.trusted(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= options.max) {
      const now = Date.now();
      if (now - (warned.get(address) ?? -Infinity) >= warnEveryMs) {
        warned.set(address, now);
        options.log.warn(
          { address, open: count },
          'connections: too many from one address, refusing',
        );
      }
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) {
        open.delete(address);
        warned.delete(address);
      } else open.set(address, left);
    });
  });
}
