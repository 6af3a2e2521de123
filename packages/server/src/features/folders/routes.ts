import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversationParamsSchema } from '@parley/protocol/conversation';
import {
  folderAssignReplySchema,
  folderAssignRequestSchema,
  folderChangeReplySchema,
  folderListSchema,
  folderNameRequestSchema,
  folderOrderRequestSchema,
  folderParamsSchema,
} from '@parley/protocol/folder';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { FoldersService } from './service';

export function foldersRoutes(deps: {
  folders: FoldersService;
  guard: Guard;
}): FastifyPluginAsyncZod {
  const { folders } = deps;
  return async (app) => {
    const base = { onRequest: [deps.guard] };
    const doc = { tags: ['folders'], security: bearerSecurity };
    const changed = { 200: folderChangeReplySchema };

    app.get(
      '/user/folders',
      {
        ...base,
        schema: {
          ...doc,
          summary: "The caller's conversation folders, in their order.",
          response: { 200: folderListSchema, ...errorReplies(401) },
        },
      },
      async (request) => folders.list(authOf(request).userId),
    );

    app.post(
      '/user/folders',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Create a folder at the end (name 1–32 characters, at most 20 folders).',
          body: folderNameRequestSchema,
          response: { ...changed, ...errorReplies(401, 422) },
        },
      },
      async (request) => folders.create(authOf(request).userId, request.body.name),
    );

    app.patch(
      '/user/folders/:id',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Rename one of your folders.',
          params: folderParamsSchema,
          body: folderNameRequestSchema,
          response: { ...changed, ...errorReplies(401, 404, 422) },
        },
      },
      async (request) =>
        folders.rename(authOf(request).userId, request.params.id, request.body.name),
    );

    app.delete(
      '/user/folders/:id',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Delete one of your folders; its conversations stay, out of any folder.',
          params: folderParamsSchema,
          response: { ...changed, ...errorReplies(401, 404, 422) },
        },
      },
      async (request) => folders.remove(authOf(request).userId, request.params.id),
    );

    app.post(
      '/user/folders/order',
      {
        ...base,
        schema: {
          ...doc,
          summary: 'Put your folders in this order (`ids`: every folder of yours, once).',
          body: folderOrderRequestSchema,
          response: { ...changed, ...errorReplies(401, 422) },
        },
      },
      async (request) => folders.reorder(authOf(request).userId, request.body.ids),
    );

    app.post(
      '/user/conversations/:id/folder',
      {
        ...base,
        schema: {
          ...doc,
          summary:
            'Put the conversation in one of your folders (pivot.folder_id); null takes it out.',
          params: conversationParamsSchema,
          body: folderAssignRequestSchema,
          response: { 200: folderAssignReplySchema, ...errorReplies(401, 404, 422) },
        },
      },
      async (request) =>
        folders.assign(authOf(request).userId, request.params.id, request.body.folder_id),
    );
  };
}
