import { afterEach, describe, expect, it } from 'vitest';
import { parseTheme } from '@parley/protocol/theme';
import { currentTheme, followStoredTheme, followThemeAcrossTabs, setTheme } from './theme';

// The theme choice: stored under `theme`, mirrored on <html data-theme>,
// followed when another tab changes or clears the storage.

describe('theme choice', () => {
  afterEach(() => {
    localStorage.clear();
    followStoredTheme();
  });

  it('stores light or dark and marks <html>; system removes both', () => {
    setTheme('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(currentTheme()).toBe('dark');
    setTheme('system');
    expect(localStorage.getItem('theme')).toBeNull();
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('reads anything unknown as the system theme', () => {
    expect(parseTheme('purple')).toBe('system');
    expect(parseTheme(null)).toBe('system');
    localStorage.setItem('theme', '<script>');
    expect(currentTheme()).toBe('system');
  });

  it('follows another tab: a new choice, then the storage cleared by a logout', () => {
    followThemeAcrossTabs();
    localStorage.setItem('theme', 'light');
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'light' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });
});
