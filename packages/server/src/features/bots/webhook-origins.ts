import { DEFAULT_PORTS } from '../../config-webhook-origins';
import type { AllowedEndpoint } from '../link-previews/address-guard';

// BOT_WEBHOOK_ALLOWED_ORIGINS: the operator's list of webhook origins that
// the address guard would otherwise refuse (a bot running beside the server,
// http://127.0.0.1:3000). Each entry is matched exactly (scheme, address and
// port): a listed origin opens that one endpoint for webhook URLs on it and
// nothing else (other ports, other schemes, link previews stay guarded).

/** The endpoint a webhook URL's origin opens, when the operator listed exactly that origin. */
export function listedEndpoint(raw: string, origins: readonly string[]): AllowedEndpoint | null {
  if (origins.length === 0) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (!origins.includes(url.origin)) return null;
  const port = url.port === '' ? (DEFAULT_PORTS[url.protocol] ?? 0) : Number(url.port);
  return { address: url.hostname.replace(/^\[(.*)\]$/, '$1'), port };
}
