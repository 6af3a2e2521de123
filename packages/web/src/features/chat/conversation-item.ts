// What one row of the conversation list needs. The next issue maps the
// protocol's Conversation onto this; the list itself stays presentational.
export type ConversationListItem = {
  id: number;
  title: string;
  avatar: string | null;
  preview: string;
  /** Already formatted for display (spec 5: en-GB, 24-hour, user timezone). */
  time: string;
  unread: number;
  pinned: boolean;
  muted: boolean;
};

/** Case-insensitive match on the title, used by the sidebar search. */
export function matchesQuery(item: ConversationListItem, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || item.title.toLowerCase().includes(q);
}

/** Route param → conversation id; anything but a positive integer is "not found". */
export function parseConversationId(param: string | undefined): number | null {
  if (param === undefined || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
