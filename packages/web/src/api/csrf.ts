import { CSRF_COOKIE, CSRF_META, CSRF_PLACEHOLDER } from '@parley/protocol/constants';
import { getCookie } from '../lib/cookies';

/**
 * The CSRF token for the X-CSRF-TOKEN header: the XSRF-TOKEN cookie first
 * (it is refreshed by the server on every reply), else the meta tag of
 * index.html. Spec 8: a missing token logs a console error.
 */
export function csrfToken(): string | null {
  const fromCookie = getCookie(CSRF_COOKIE);
  if (fromCookie) return fromCookie;
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${CSRF_META}"]`)?.content;
  if (meta && meta !== CSRF_PLACEHOLDER) return meta;
  console.error('CSRF token not found: no XSRF-TOKEN cookie and no csrf-token meta tag.');
  return null;
}
