import type {
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { Route } from '@parley/protocol/http/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

// Registers a route of the protocol's table (`@parley/protocol/http/routes`):
// method, path and the zod schemas come from its entry, which also types
// the handler's request and reply. The server adds what documents the route
// (tags, summary, the refusals it may answer), its hooks and its handler:
//
//   addRoute(app, routes.history, {
//     doc: { ...doc, summary: '…', errors: errorReplies(401, 404, 422) },
//     onRequest: [guard],
//     handler: async (request) => …,   // request.params / query / body from the entry
//   });
//
// A multipart body is read by the route's own code and a `bytes` reply is
// sent by the handler, so neither is given to Fastify as a schema.

export interface RouteDoc {
  tags: string[];
  summary: string;
  security?: { bearer: never[] }[];
  /** Replies besides the 200 one (refusals), for the OpenAPI document and the serializer. */
  errors?: Record<number, z.ZodType>;
  /** Multipart routes: the content types they take. */
  consumes?: string[];
}

/** What a zod schema of the entry gives the handler; anything else (absent, a marker): unknown. */
type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** Fastify's route generic for an entry: request parts and the 200 reply, as parsed. */
export type RouteGenericOf<R extends Route> = {
  Params: Parsed<R['params']>;
  Querystring: Parsed<R['query']>;
  Body: Parsed<R['body']>;
  Reply: Parsed<R['reply']>;
};

type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyInstance['log'],
  ZodTypeProvider
>;

type Options<R extends Route> = Omit<
  RouteShorthandOptionsWithHandler<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericOf<R>,
    unknown,
    FastifySchema,
    ZodTypeProvider
  >,
  'schema'
> & { doc: RouteDoc };

/** The Fastify schema of an entry: only the parts it has (an undefined part is a Fastify warning). */
function schemaOf(route: Route, doc: RouteDoc): FastifySchema {
  const { errors = {}, ...rest } = doc;
  const response = typeof route.reply === 'string' ? errors : { 200: route.reply, ...errors };
  return {
    ...rest,
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body && typeof route.body !== 'string' ? { body: route.body } : {}),
    ...(Object.keys(response).length > 0 ? { response } : {}),
  };
}

export function addRoute<R extends Route>(app: App, route: R, options: Options<R>): void {
  const { doc, ...rest } = options;
  app.route<RouteGenericOf<R>>({
    ...rest,
    method: route.method,
    url: route.path,
    schema: schemaOf(route, doc),
  });
}
