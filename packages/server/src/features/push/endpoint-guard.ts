import { checkedAddress } from '../link-previews/guarded-fetch';
import type { GuardOptions } from '../link-previews/guarded-fetch';
import { systemResolver } from '../link-previews/resolver';
import { checkUrl } from '../link-previews/url-policy';
import type { Target } from '../link-previews/url-policy';

// A push endpoint is a URL the browser hands us: the server will POST to it,
// so it goes through the link previews' outbound address guard (public
// unicast addresses only, default port, every DNS answer checked, the
// socket pinned to the checked address). Push services speak HTTPS; plain
// HTTP and loopback pass only for an endpoint a test lists in `allow`.

export type PushGuardOptions = Pick<GuardOptions, 'resolver' | 'allow' | 'onlyAllowed'>;

export const productionPushGuard: PushGuardOptions = {
  resolver: systemResolver,
  allow: [],
  onlyAllowed: false,
};

export interface CheckedEndpoint {
  target: Target;
  /** The address to connect to (checked). */
  address: string;
}

/** Throws (PreviewRefused / PreviewFailed) when the endpoint may not be reached. */
export async function checkEndpoint(
  endpoint: string,
  guard: PushGuardOptions,
  signal: AbortSignal,
): Promise<CheckedEndpoint> {
  const target = checkUrl(endpoint, guard);
  const allowed = guard.allow.some((e) => e.port === target.port);
  if (target.url.protocol !== 'https:' && !allowed) throw new Error('push endpoints use https');
  const address = await checkedAddress(target, { ...guard, userAgent: '' }, signal);
  return { target, address };
}
