// Hidden chats (the pivot's `hidden`, spec 3–4) form the archive, as in
// Telegram: out of the main list and out of the global unread count
// (`countsInGlobalUnread` in unread.ts), reachable through one "Hidden chats"
// row at the top of the list. The server brings an unmuted hidden chat back
// with the next message from someone else (docs/REALTIME.md, "Hidden chats");
// a muted one stays.

export interface Archivable {
  pivot: { hidden: boolean; new_messages: number };
}

export interface ArchiveSummary {
  /** Hidden chats held. */
  chats: number;
  /** Hidden chats with something unread: the row's badge (Telegram counts chats, not messages). */
  unreadChats: number;
}

/** What the archive row shows, over the conversations held. */
export function archiveSummary(list: Iterable<Archivable>): ArchiveSummary {
  let chats = 0;
  let unreadChats = 0;
  for (const c of list) {
    if (!c.pivot.hidden) continue;
    chats += 1;
    if (c.pivot.new_messages > 0) unreadChats += 1;
  }
  return { chats, unreadChats };
}
