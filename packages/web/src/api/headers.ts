import { CSRF_HEADER } from '@parley/protocol/constants';
import { getAccessToken } from '../lib/tokens';
import { currentLocale } from '../lib/i18n';
import { csrfToken } from './csrf';

// Kept apart from transport.ts (which carries the error parsing and so zod)
// because the entry uses it too: the chat's first GETs leave before the
// chat's code has loaded (prefetch.ts).

/** The headers every request carries (spec 7): Bearer, language, XHR marker, CSRF. */
export function buildHeaders(options: { anonymous?: boolean; json: boolean }): Headers {
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
    'X-Requested-With': 'XMLHttpRequest',
  });
  if (options.json) headers.set('Content-Type', 'application/json');
  const token = options.anonymous ? null : getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const csrf = csrfToken();
  if (csrf) headers.set(CSRF_HEADER, csrf);
  return headers;
}
