// The colour theme of the web app: the system's, or light or dark whatever
// the system says. A choice of this browser, kept in local storage (the
// spec's logout clears local storage but the locale, so a logout returns to
// the system's theme).

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_STORAGE_KEY = 'theme';

export function parseTheme(value: unknown): Theme {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/**
 * Runs in index.html's <head> before the first paint, so a chosen theme
 * never flashes the system's first. It must stay byte for byte the script in
 * packages/web/index.html: the server allows exactly this inline script by
 * its hash in the CSP (http/security-headers.ts; spa.test.ts checks both).
 */
export const THEME_BOOT_SCRIPT =
  "try{var t=localStorage.getItem('theme');if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}";
