// Tiny cookie helpers: the access token lives in the `token` cookie (spec 3)
// and the server's CSRF token arrives in the `XSRF-TOKEN` cookie.

export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      try {
        return decodeURIComponent(item.slice(prefix.length));
      } catch {
        return item.slice(prefix.length); // a malformed escape is kept as sent
      }
    }
  }
  return null;
}

export type CookieOptions = { maxAgeSeconds?: number };

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    'path=/',
    'SameSite=Lax',
  ];
  if (options.maxAgeSeconds !== undefined) parts.push(`max-age=${options.maxAgeSeconds}`);
  // Secure only on https: a self-hosted instance on http://127.0.0.1 must still work.
  if (window.location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function deleteCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0; SameSite=Lax`;
}
