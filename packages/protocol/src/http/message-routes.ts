import { statusOkSchema } from '../auth';
import {
  conversationParamsSchema,
  pinnedMessageReplySchema,
  pinnedMessageRequestSchema,
} from '../conversation';
import { fileKeyParamsSchema, fileUploadedSchema } from '../file';
import { linkPreviewImageParamsSchema, linkPreviewReplySchema } from '../link-preview';
import {
  conversationIdParamsSchema,
  deleteMessageQuerySchema,
  editMessageRequestSchema,
  forwardReplySchema,
  forwardRequestSchema,
  historyQuerySchema,
  historyReplySchema,
  messageIdParamsSchema,
  messageSchema,
  readReplySchema,
  readRequestSchema,
  sendMessageRequestSchema,
} from '../message';
import { sharedMediaQuerySchema, sharedMediaReplySchema } from '../shared-media';
import { BYTES, del, get, MULTIPART, patch, post } from './route';

// History, sending and changing messages, their files and link previews.
// One area of the route table (routes.ts).

export const messageRoutes = {
  history: get('/user/conversations/:id/messages', {
    params: conversationParamsSchema,
    query: historyQuerySchema,
    reply: historyReplySchema,
  }),
  /** A conversation's pictures and videos, other files, or links, newest first (the gallery). */
  sharedMedia: get('/user/conversations/:id/shared-media', {
    params: conversationParamsSchema,
    query: sharedMediaQuerySchema,
    reply: sharedMediaReplySchema,
  }),
  sendMessage: post('/user/messages', { body: sendMessageRequestSchema, reply: messageSchema }),
  editMessage: patch('/user/messages/:id', {
    params: messageIdParamsSchema,
    body: editMessageRequestSchema,
    reply: messageSchema,
  }),
  deleteMessage: del('/user/messages/:id', {
    params: messageIdParamsSchema,
    query: deleteMessageQuerySchema,
    reply: statusOkSchema,
  }),
  /** The body is optional: without message_id, up to the newest. */
  markRead: post('/user/messages/read/:conversation_id', {
    params: conversationIdParamsSchema,
    body: readRequestSchema.nullish(),
    reply: readReplySchema,
  }),
  forwardMessages: post('/user/messages/forward', {
    body: forwardRequestSchema,
    reply: forwardReplySchema,
  }),
  setPinnedMessage: post('/user/conversations/:id/pinned-message', {
    params: conversationParamsSchema,
    body: pinnedMessageRequestSchema,
    reply: pinnedMessageReplySchema,
  }),
  linkPreview: get('/user/messages/:id/link-preview', {
    params: messageIdParamsSchema,
    reply: linkPreviewReplySchema,
  }),
  linkPreviewImage: get('/link-previews/images/:key', {
    params: linkPreviewImageParamsSchema,
    reply: BYTES,
  }),
  // Files (docs/FILES.md); downloads take the Bearer header or the `token` cookie.
  uploadFile: post('/user/files/upload', { body: MULTIPART, reply: fileUploadedSchema }),
  file: get('/files/:key', { params: fileKeyParamsSchema, reply: BYTES }),
  fileThumbnail: get('/files/:key/thumbnail', { params: fileKeyParamsSchema, reply: BYTES }),
};
