import { lookup } from 'node:dns/promises';

/**
 * Turns a host name into addresses. Injected, so tests can make a name
 * "resolve" to 10.0.0.1 or 169.254.169.254 and prove the guard refuses it
 * without a packet leaving the machine.
 */
export type Resolver = (hostname: string) => Promise<string[]>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), every address it returns. */
export const systemResolver: Resolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((entry) => entry.address);
};
