import type { Message } from '@parley/protocol/message';
import type { SharedMediaReply } from '@parley/protocol/shared-media';

// The loaded pages of one shared-media tab, newest first. Pure, so the paging
// rules are tested without a server.

export type SharedPages = {
  items: Message[];
  /** The server has older ones than the last item. */
  hasMore: boolean;
};

export const NO_PAGES: SharedPages = { items: [], hasMore: false };

/** An older page, after the items already shown (a repeated id is kept once). */
export function appendPage(current: SharedPages, page: SharedMediaReply): SharedPages {
  const known = new Set(current.items.map((m) => m.id));
  return {
    items: [...current.items, ...page.messages.filter((m) => !known.has(m.id))],
    hasMore: page.has_more,
  };
}

/**
 * The newest page again (the chat changed while the tab is open): it replaces
 * what it covers, so new items appear and deleted ones go, and the older
 * items already loaded below it stay, so the list does not jump back to the top.
 */
export function refreshFirstPage(current: SharedPages, page: SharedMediaReply): SharedPages {
  const fresh = page.messages;
  const oldest = fresh.at(-1)?.id;
  if (oldest === undefined || !page.has_more) return { items: fresh, hasMore: page.has_more };
  const older = current.items.filter((m) => m.id < oldest);
  return { items: [...fresh, ...older], hasMore: older.length > 0 ? current.hasMore : true };
}

/** Where the next older page starts, or undefined when there is none. */
export function nextBefore(current: SharedPages): number | undefined {
  return current.hasMore ? current.items.at(-1)?.id : undefined;
}
