import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@parley/protocol/http/routes';
import { avatarNameOk, createFormSchema, GROUP_MSG } from '@parley/protocol/group';
import { fieldErrors } from '@parley/protocol/errors';
import type { FieldErrors } from '@parley/protocol/errors';
import { MSG } from '@parley/protocol/messages';
import { AVATAR_MAX_BYTES } from '@parley/protocol/settings';
import { authOf } from '../../http/authenticate';
import type { Guard } from '../../http/authenticate';
import { errorHandler } from '../../http/errors';
import { HttpError } from '../../http/http-error';
import { readWholeFile } from '../../http/multipart-file';
import { addRoute } from '../../http/route';
import { bearerSecurity, errorReplies } from '../../http/route-docs';
import type { GroupsService } from './service';

// The multipart calls of groups and channels. POST /user/groups/create and
// /user/channels/create: spec 3's form, as multipart (with an optional
// `avatar` file) or as JSON (no avatar). Every field's message comes back at
// once, spec 5's texts for name, username and the avatar's extension.
// POST /user/conversations/{id}/avatar: a new avatar, checked the same way.
// Files are read whole through readWholeFile, as the user avatar's is: 413
// past the limit, every time.

const LIMITS = { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 12, parts: 13 };

interface RawForm {
  fields: Record<string, unknown>;
  avatar: { filename: string; data: Buffer } | null;
}

async function readForm(request: FastifyRequest): Promise<RawForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new HttpError(422, MSG.validationFailed);
    }
    return { fields: body as Record<string, unknown>, avatar: null };
  }
  const form: RawForm = { fields: {}, avatar: null };
  for await (const part of request.parts({ limits: LIMITS })) {
    if (part.type === 'file') {
      const data = await readWholeFile(part);
      if (part.fieldname === 'avatar' && (part.filename !== '' || data.length > 0)) {
        form.avatar = { filename: part.filename, data };
      }
    } else if (typeof part.value === 'string') {
      form.fields[part.fieldname] = part.value;
    }
  }
  return form;
}

function createErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const code = (error as Partial<FastifyError>).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return reply.code(413).send({
      message: MSG.avatarTooLarge,
      errors: { avatar: [MSG.avatarTooLarge] },
    });
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return reply.code(413).send({ message: MSG.payloadTooLarge });
  }
  return errorHandler(error, request, reply);
}

export function createRoutes(deps: { groups: GroupsService; guard: Guard }): FastifyPluginAsyncZod {
  return async (app) => {
    if (!app.hasContentTypeParser('multipart/form-data')) {
      await app.register(multipart, { limits: LIMITS });
    }
    app.setErrorHandler(createErrorHandler);

    for (const kind of ['group', 'channel'] as const) {
      const schema = createFormSchema(kind);
      addRoute(app, routes.create[kind], {
        doc: {
          tags: ['groups'],
          summary: `Create a ${kind}: ${kind}_name, type (public|private), username, description, member_ids (JSON array of friend ids), has_tasks ('1'/'0'), avatar (multipart, jpg/jpeg/png).`,
          security: bearerSecurity,
          consumes: ['multipart/form-data', 'application/json'],
          errors: errorReplies(401, 413, 422),
        },
        onRequest: [deps.guard],
        handler: async (request) => {
          const raw = await readForm(request);
          const parsed = schema.safeParse(raw.fields);
          const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error.issues);
          if (raw.avatar && !avatarNameOk(raw.avatar.filename)) {
            errors.avatar = [GROUP_MSG.avatarExtension];
          }
          if (!parsed.success || Object.keys(errors).length > 0) {
            throw new HttpError(422, MSG.validationFailed, errors);
          }
          return deps.groups.create(
            authOf(request).userId,
            kind,
            parsed.data,
            raw.avatar?.data ?? null,
          );
        },
      });
    }

    addRoute(app, routes.setConversationAvatar, {
      doc: {
        tags: ['groups'],
        summary:
          'Set or replace the avatar of a group or channel (multipart `avatar`, jpg/jpeg/png; edit_info).',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        errors: errorReplies(401, 403, 404, 413, 422),
      },
      onRequest: [deps.guard],
      handler: async (request) => {
        const raw = request.isMultipart() ? await readForm(request) : null;
        const avatar = raw?.avatar ?? null;
        if (!avatar)
          throw new HttpError(422, MSG.validationFailed, { avatar: [MSG.avatarRequired] });
        if (!avatarNameOk(avatar.filename)) {
          throw new HttpError(422, MSG.validationFailed, { avatar: [GROUP_MSG.avatarExtension] });
        }
        return deps.groups.setAvatar(authOf(request).userId, request.params.id, avatar.data);
      },
    });
  };
}
