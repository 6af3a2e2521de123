import { conversationParamsSchema } from '../conversation';
import {
  folderAssignReplySchema,
  folderAssignRequestSchema,
  folderChangeReplySchema,
  folderListSchema,
  folderNameRequestSchema,
  folderOrderRequestSchema,
  folderParamsSchema,
} from '../folder';
import { del, get, patch, post } from './route';

// A user's folders over the conversation list (docs/API.md, "Folders").
// One area of the route table (routes.ts).

export const folderRoutes = {
  folders: get('/user/folders', { reply: folderListSchema }),
  createFolder: post('/user/folders', {
    body: folderNameRequestSchema,
    reply: folderChangeReplySchema,
  }),
  renameFolder: patch('/user/folders/:id', {
    params: folderParamsSchema,
    body: folderNameRequestSchema,
    reply: folderChangeReplySchema,
  }),
  deleteFolder: del('/user/folders/:id', {
    params: folderParamsSchema,
    reply: folderChangeReplySchema,
  }),
  reorderFolders: post('/user/folders/order', {
    body: folderOrderRequestSchema,
    reply: folderChangeReplySchema,
  }),
  assignFolder: post('/user/conversations/:id/folder', {
    params: conversationParamsSchema,
    body: folderAssignRequestSchema,
    reply: folderAssignReplySchema,
  }),
};
