import { isIP } from 'node:net';

// BOT_WEBHOOK_ALLOWED_ORIGINS, read at start beside the other settings: the
// operator's list of webhook origins the address guard would otherwise refuse
// (a bot running beside the server, http://127.0.0.1:3000). Each entry is
// matched exactly (scheme, address and port) by features/bots/webhook-origins.ts.

export const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/**
 * Parses the setting (origins separated by commas or spaces) into
 * normalised origins (`URL.origin`); problems are pushed for the config's
 * error. The host must be an IP address: a name would be resolved at each
 * delivery and could come to point elsewhere.
 */
export function parseWebhookOrigins(raw: string | undefined, problems: string[]): string[] {
  const origins: string[] = [];
  for (const entry of (raw ?? '').split(/[\s,]+/).filter(Boolean)) {
    const problem = `BOT_WEBHOOK_ALLOWED_ORIGINS: "${entry}" must be an origin such as http://127.0.0.1:3000 (scheme, IP address, port; no path)`;
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      problems.push(problem);
      continue;
    }
    const bare = url.pathname === '/' && url.search === '' && url.hash === '';
    const plain = url.username === '' && url.password === '';
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (DEFAULT_PORTS[url.protocol] === undefined || !bare || !plain || isIP(host) === 0) {
      problems.push(problem);
      continue;
    }
    origins.push(url.origin);
  }
  return origins;
}
