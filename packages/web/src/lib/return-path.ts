// Where the landing sends a visitor once they have signed in or registered,
// when a protected page sent them there (spec 2: "protected routes redirect
// to /"). The place travels in the URL as `/?next=<path>`, not in storage:
// the spec's storage section lists every local key (token, refresh_token,
// locale, sidebar, drafts) and a return path is navigation state that belongs
// to this one tab and this one visit, which is what the URL already is. It
// also survives a reload of the landing and is gone once used.

/** The landing's query parameter that carries the return path. */
export const NEXT_PARAM = 'next';

/** Longer than any app path; a longer value is not one of ours. */
const MAX_LENGTH = 1024;

// Any origin will do: a relative path resolved against it keeps it, and
// anything that leaves it (`//host`, `https:`, `javascript:`) does not.
const BASE = 'https://parley.invalid';

/**
 * The same-origin app path in `raw`, or null when it is missing or could
 * lead elsewhere: only `/…` paths, never `//host` or `/\host` (browsers read
 * both as another host), no scheme, no control characters, and not the
 * landing itself (that would loop).
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // Browsers treat a backslash as a slash in URLs, and strip tabs and newlines.
  if (raw.includes('\\') || /\p{Cc}/u.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  // Checked again after resolving: `/..//host` resolves to `//host`.
  if (url.origin !== BASE || url.pathname === '/' || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The landing's address that returns to `path` after signing in. */
export function landingFor(path: string): string {
  const safe = safeReturnPath(path);
  return safe === null ? '/' : `/?${new URLSearchParams({ [NEXT_PARAM]: safe }).toString()}`;
}
