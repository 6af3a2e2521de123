import { STORAGE_KEYS } from '@parley/protocol/constants';

// localStorage access that never throws: storage can be disabled or full,
// and a messenger must still open in that case.

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Quota or policy errors only lose a preference; nothing to tell the user.
  }
}

/** Logout (spec 4): clear local storage but keep the chosen locale. */
export function clearStorageExceptLocale(): void {
  const locale = readStorage(STORAGE_KEYS.locale);
  try {
    localStorage.clear();
  } catch {
    return;
  }
  if (locale !== null) writeStorage(STORAGE_KEYS.locale, locale);
}

/** Sidebar collapsed flag (spec 3 "sidebar flag"), stored as '1' / '0'. */
export function readSidebarCollapsed(): boolean {
  return readStorage(STORAGE_KEYS.sidebar) === '1';
}

export function writeSidebarCollapsed(collapsed: boolean): void {
  writeStorage(STORAGE_KEYS.sidebar, collapsed ? '1' : '0');
}

const draftKey = (conversationId: number | string) =>
  `${STORAGE_KEYS.draftPrefix}${conversationId}`;

/** Draft text per conversation (spec 3), under `draft_<conversationId>`. */
export function readDraft(conversationId: number | string): string {
  return readStorage(draftKey(conversationId)) ?? '';
}

/** Event fired on this tab when a draft is written (the `storage` event only reaches other tabs). */
export const DRAFT_CHANGED_EVENT = 'parley:draft-changed';

/** An empty draft removes the key so stale drafts do not pile up. */
export function writeDraft(conversationId: number | string, text: string): void {
  writeStorage(draftKey(conversationId), text.trim() === '' ? null : text);
  // The chat list shows "Draft: …" and must hear writes made in this tab too.
  window.dispatchEvent(new Event(DRAFT_CHANGED_EVENT));
}

/** Whether a storage key is a draft key (for `storage` events from other tabs). */
export function isDraftKey(key: string | null): boolean {
  return key === null || key.startsWith(STORAGE_KEYS.draftPrefix);
}
