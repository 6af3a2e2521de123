import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadOnce } from '../app/service-worker';
import { readDraft, readSidebarCollapsed, writeDraft, writeSidebarCollapsed } from './storage';

describe('storage keys (spec 3)', () => {
  beforeEach(() => localStorage.clear());

  it('keeps drafts under draft_<conversationId> and drops empty ones', () => {
    writeDraft(12, 'half a thought');
    expect(localStorage.getItem('draft_12')).toBe('half a thought');
    expect(readDraft(12)).toBe('half a thought');
    writeDraft(12, '   ');
    expect(localStorage.getItem('draft_12')).toBeNull();
  });

  it('persists the sidebar flag under `sidebar`', () => {
    expect(readSidebarCollapsed()).toBe(false);
    writeSidebarCollapsed(true);
    expect(localStorage.getItem('sidebar')).toBe('1');
    expect(readSidebarCollapsed()).toBe(true);
  });
});

describe('service worker takeover', () => {
  it('reloads once, never in a loop', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    sessionStorage.clear();
    expect(reloadOnce(1_000_000)).toBe(true);
    expect(reloadOnce(1_000_001)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
