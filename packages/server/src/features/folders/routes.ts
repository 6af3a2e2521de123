import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@parley/protocol/http/routes';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { FoldersService } from './service';

export function foldersRoutes(deps: {
  folders: FoldersService;
  guard: Guard;
}): FastifyPluginAsyncZod {
  const { folders } = deps;
  return async (app) => {
    const onRequest = [deps.guard];
    const doc = (summary: string, ...codes: Parameters<typeof errorReplies>) => ({
      tags: ['folders'],
      security: bearerSecurity,
      summary,
      errors: errorReplies(...codes),
    });

    addRoute(app, routes.folders, {
      doc: doc("The caller's conversation folders, in their order.", 401),
      onRequest,
      handler: async (request) => folders.list(authOf(request).userId),
    });

    addRoute(app, routes.createFolder, {
      doc: doc('Create a folder at the end (name 1–32 characters, at most 20 folders).', 401, 422),
      onRequest,
      handler: async (request) => folders.create(authOf(request).userId, request.body.name),
    });

    addRoute(app, routes.renameFolder, {
      doc: doc('Rename one of your folders.', 401, 404, 422),
      onRequest,
      handler: async (request) =>
        folders.rename(authOf(request).userId, request.params.id, request.body.name),
    });

    addRoute(app, routes.deleteFolder, {
      doc: doc(
        'Delete one of your folders; its conversations stay, out of any folder.',
        401,
        404,
        422,
      ),
      onRequest,
      handler: async (request) => folders.remove(authOf(request).userId, request.params.id),
    });

    addRoute(app, routes.reorderFolders, {
      doc: doc('Put your folders in this order (`ids`: every folder of yours, once).', 401, 422),
      onRequest,
      handler: async (request) => folders.reorder(authOf(request).userId, request.body.ids),
    });

    addRoute(app, routes.assignFolder, {
      doc: doc(
        'Put the conversation in one of your folders (pivot.folder_id); null takes it out.',
        401,
        404,
        422,
      ),
      onRequest,
      handler: async (request) =>
        folders.assign(authOf(request).userId, request.params.id, request.body.folder_id),
    });
  };
}
