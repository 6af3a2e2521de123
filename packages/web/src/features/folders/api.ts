import type { ConversationList } from '@parley/protocol/conversation';
import type { FolderChangeReply, FolderList } from '@parley/protocol/folder';
import { conversationRoutes } from '@parley/protocol/http/conversation-routes';
import { folderRoutes } from '@parley/protocol/http/folder-routes';
import { call } from '../../api/http';

// What the user asks of the server about folders (docs/API.md, "Folders").
// Form-like calls are silent: the editor shows their field errors itself.

export function fetchFolders(): Promise<FolderList> {
  return call(folderRoutes.folders);
}

export function createFolder(name: string): Promise<FolderChangeReply> {
  return call(folderRoutes.createFolder, { body: { name }, silent: true });
}

export function renameFolder(id: number, name: string): Promise<FolderChangeReply> {
  return call(folderRoutes.renameFolder, { params: { id }, body: { name }, silent: true });
}

export function deleteFolder(id: number): Promise<FolderChangeReply> {
  return call(folderRoutes.deleteFolder, { params: { id } });
}

export function reorderFolders(ids: number[]): Promise<FolderChangeReply> {
  return call(folderRoutes.reorderFolders, { body: { ids } });
}

/** Spec 4 "Folder assignment"; null takes the conversation out of its folder. */
export async function assignFolder(
  conversationId: number,
  folderId: number | null,
): Promise<number | null> {
  const reply = await call(folderRoutes.assignFolder, {
    params: { id: conversationId },
    body: { folder_id: folderId },
  });
  return reply.folder_id;
}

/** A page of one folder's conversations (the list call with its folder filter). */
export function fetchFolderPage(
  folderId: number,
  cursor: string | null,
): Promise<ConversationList> {
  return call(conversationRoutes.conversations, {
    query: { folder_id: folderId, ...(cursor ? { before_cursor: cursor } : {}) },
  });
}
