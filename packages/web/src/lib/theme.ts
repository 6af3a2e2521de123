import { useSyncExternalStore } from 'react';
import { parseTheme, THEME_STORAGE_KEY } from '@parley/protocol/theme';
import type { Theme } from '@parley/protocol/theme';

// The colour theme chosen on this browser (Settings → Appearance). The CSS
// follows `data-theme` on <html> (app/theme.css); index.html's inline script
// sets it before the first paint, and this module keeps it in step after:
// a choice made here, in another tab (the storage event), or the storage
// cleared by a logout. With no choice the system's theme applies.

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function readStored(): Theme {
  try {
    return parseTheme(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system'; // storage blocked: the system's theme
  }
}

function apply(theme: Theme): void {
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

export function currentTheme(): Theme {
  return readStored();
}

/** Puts <html> in step with what is stored now (after the storage was cleared, say). */
export function followStoredTheme(): void {
  apply(readStored());
  notify();
}

let following = false;
/**
 * From the start of the app: a choice made in another tab, or a logout there
 * (the whole storage cleared), changes this tab's theme at once, whether or
 * not a screen that shows the theme is open.
 */
export function followThemeAcrossTabs(): void {
  if (following) return;
  following = true;
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) followStoredTheme();
  });
}

export function setTheme(theme: Theme): void {
  try {
    if (theme === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  apply(theme);
  notify();
}

const darkQuery = () =>
  typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;

function subscribe(listener: () => void): () => void {
  // Other tabs' changes arrive through followThemeAcrossTabs, which notifies.
  listeners.add(listener);
  const query = darkQuery();
  query?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    query?.removeEventListener('change', listener);
  };
}

/** The theme in force: the choice, or the system's when there is none. */
export function resolvedTheme(): 'light' | 'dark' {
  const theme = readStored();
  if (theme !== 'system') return theme;
  return darkQuery()?.matches ? 'dark' : 'light';
}

/** The chosen theme (system, light, dark); re-renders on a change from anywhere. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, readStored, () => 'system');
}

/** Light or dark as shown now: for widgets that take a theme prop (toasts, the emoji picker). */
export function useResolvedTheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribe, resolvedTheme, () => 'light');
}
