import { conversationListSchema } from '@parley/protocol/conversation';
import type { ConversationList } from '@parley/protocol/conversation';
import {
  folderAssignReplySchema,
  folderChangeReplySchema,
  folderListSchema,
} from '@parley/protocol/folder';
import type { FolderChangeReply, FolderList } from '@parley/protocol/folder';
import { request } from '../../api/http';

// What the user asks of the server about folders (docs/API.md, "Folders").
// Form-like calls are silent: the editor shows their field errors itself.

export function fetchFolders(): Promise<FolderList> {
  return request('/user/folders', { schema: folderListSchema });
}

export function createFolder(name: string): Promise<FolderChangeReply> {
  return request('/user/folders', {
    body: { name },
    schema: folderChangeReplySchema,
    silent: true,
  });
}

export function renameFolder(id: number, name: string): Promise<FolderChangeReply> {
  return request(`/user/folders/${id}`, {
    method: 'PATCH',
    body: { name },
    schema: folderChangeReplySchema,
    silent: true,
  });
}

export function deleteFolder(id: number): Promise<FolderChangeReply> {
  return request(`/user/folders/${id}`, { method: 'DELETE', schema: folderChangeReplySchema });
}

export function reorderFolders(ids: number[]): Promise<FolderChangeReply> {
  return request('/user/folders/order', { body: { ids }, schema: folderChangeReplySchema });
}

/** Spec 4 "Folder assignment"; null takes the conversation out of its folder. */
export async function assignFolder(
  conversationId: number,
  folderId: number | null,
): Promise<number | null> {
  const reply = await request(`/user/conversations/${conversationId}/folder`, {
    body: { folder_id: folderId },
    schema: folderAssignReplySchema,
  });
  return reply.folder_id;
}

/** A page of one folder's conversations (the list call with its folder filter). */
export function fetchFolderPage(
  folderId: number,
  cursor: string | null,
): Promise<ConversationList> {
  const query = new URLSearchParams({ folder_id: String(folderId) });
  if (cursor) query.set('before_cursor', cursor);
  return request(`/user/conversations?${query.toString()}`, { schema: conversationListSchema });
}
