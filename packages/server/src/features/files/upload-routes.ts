import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FILE_MSG, fileRefusedSchema } from '@parley/protocol/file';
import { routes } from '@parley/protocol/http/routes';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import type { Limiters } from '../../http/rate-limit';
import { errorHandler, errorReplyOf, firstLine } from '../../http/errors';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import { FileRefused } from './service';
import type { FilesService } from './service';

// POST /user/files/upload (multipart field `file`): streamed into the blob
// store, sniffed, pictures thumbnailed. Answers the spec's upload response
// `{uploaded: url}` with the file's `attached_file`, or `{file: [errors]}`
// beside the usual message/errors: 413 over the limit, 422 otherwise.

function refuse(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ message: text, file: [text], errors: { file: [text] } });
}

function uploadErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof FileRefused) return refuse(reply, error.statusCode, error.message);
  const code = (error as Partial<FastifyError>).code;
  if (
    code === 'FST_REQ_FILE_TOO_LARGE' ||
    code === 'FST_FILES_LIMIT' ||
    code === 'FST_PARTS_LIMIT' ||
    code === 'FST_FIELDS_LIMIT'
  ) {
    return refuse(reply, 413, FILE_MSG.fileTooLarge);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return refuse(reply, 422, FILE_MSG.fileRequired);
  // Every other 413 and 422 (a JSON body too large or too deep, …) must
  // still have the shape this route's reply schema requires.
  const { status, body } = errorReplyOf(error);
  if (status === 413 || status === 422) return refuse(reply, status, firstLine(body));
  return errorHandler(error, request, reply);
}

export function fileUploadRoutes(deps: {
  files: FilesService;
  guard: Guard;
  maxBytes: number;
  limits: Pick<Limiters, 'uploadPerUser'>;
}): FastifyPluginAsyncZod {
  // One file and nothing else; the size is checked by us on the stream (see the service).
  const limits = { fileSize: deps.maxBytes, files: 1, fields: 2, parts: 3 };
  return async (app) => {
    if (!app.hasContentTypeParser('multipart/form-data')) {
      await app.register(multipart, { limits });
    }
    app.setErrorHandler(uploadErrorHandler);

    addRoute(app, routes.uploadFile, {
      doc: {
        tags: ['files'],
        summary:
          "Upload a file for a message (multipart field `file`). The type is sniffed from the content; pictures get a thumbnail and their size. Attach it with `file_id` when sending. 413 also when the uploader's stored files would pass their quota; 429 past the upload rate.",
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        errors: { 413: fileRefusedSchema, 422: fileRefusedSchema, ...errorReplies(401, 429) },
      },
      onRequest: [deps.guard],
      preHandler: [deps.limits.uploadPerUser],
      handler: async (request) => {
        const userId = authOf(request).userId;
        // Refusals are thrown: uploadErrorHandler answers them in the upload's own shape.
        if (!request.isMultipart()) throw new FileRefused(422, FILE_MSG.fileRequired);
        const part = await request.file({ limits, throwFileSizeLimit: false });
        if (!part || part.fieldname !== 'file') {
          part?.file.resume();
          throw new FileRefused(422, FILE_MSG.fileRequired);
        }
        const attached = await deps.files.upload(userId, part);
        return { uploaded: attached.url, attached_file: attached };
      },
    });
  };
}
