// Folder rules both sides apply. A deleted folder leaves no trace on the
// pivots: the server clears folder_id in the same transaction, and a client
// that learns of it through `folders.changed` (which carries only the list)
// clears the same links itself with `folderAfterChange`.

import { countsInGlobalUnread } from './unread';

export interface FolderMember {
  pivot: { folder_id: number | null; new_messages: number; muted: boolean; hidden: boolean };
}

/** A link's folder after the list changed: kept only while that folder still exists. */
export function folderAfterChange(
  folderId: number | null,
  folderIds: ReadonlySet<number>,
): number | null {
  return folderId !== null && folderIds.has(folderId) ? folderId : null;
}

/** Does the conversation show under this tab? `null` is "All". */
export function inFolder(c: FolderMember, folderId: number | null): boolean {
  return folderId === null || c.pivot.folder_id === folderId;
}

/**
 * A tab's badge: new messages over the folder's conversations that count in
 * the global unread (not muted, not hidden: `countsInGlobalUnread`) — the
 * global rule narrowed to one folder.
 */
export function folderUnread(list: readonly FolderMember[], folderId: number): number {
  let total = 0;
  for (const c of list) {
    if (c.pivot.folder_id === folderId && countsInGlobalUnread(c.pivot)) {
      total += c.pivot.new_messages;
    }
  }
  return total;
}
