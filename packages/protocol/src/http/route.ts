import type { z } from 'zod';

// What one HTTP call is: its method, its path under API_BASE (Fastify's
// `:name` segments), and the zod schemas of its path parameters, query,
// body and reply. The server registers each route from its entry (the same
// schemas validate, serialize and document it); the web calls it by the
// entry, so neither side spells a path or a body type of its own.

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A multipart form (uploads): checked by the server's own code, not by one schema. */
export const MULTIPART = 'multipart';
/** A reply that is bytes (a file, an image), not JSON. */
export const BYTES = 'bytes';

export interface RouteSpec {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType | typeof MULTIPART;
  /** The 200 reply. Refusals have the one error body (errors.ts) unless the server says otherwise. */
  reply: z.ZodType | typeof BYTES;
}

export interface Route extends RouteSpec {
  method: HttpMethod;
  path: string;
}

/** A route whose reply is JSON: the ones the web calls with `call()`. */
export interface JsonRoute extends Route {
  reply: z.ZodType;
}

/** Paths keep their literal type, so a client can check a path it writes against its route. */
const route =
  <M extends HttpMethod>(method: M) =>
  <const P extends string, S extends RouteSpec>(path: P, spec: S) => ({ method, path, ...spec });

export const get = route('GET');
export const post = route('POST');
export const patch = route('PATCH');
export const del = route('DELETE');

/** Path parameter values and query values as they travel: text. */
type WireValue = string | number | boolean | null | undefined;

/**
 * The path of a call under API_BASE: `:name` segments filled (encoded), and
 * the query's set values appended in the order given.
 */
export function pathOf(
  route: Pick<Route, 'path'>,
  params: Record<string, WireValue> = {},
  query: Record<string, WireValue> = {},
): string {
  const path = route.path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${route.path}: no ${name}`);
    return encodeURIComponent(String(value));
  });
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    value === undefined || value === null
      ? []
      : [`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`],
  );
  return pairs.length === 0 ? path : `${path}?${pairs.join('&')}`;
}

/** Every route of a table whose entries are routes or records of routes (families such as the switches). */
export function routeList(table: Record<string, Route | Record<string, Route>>): Route[] {
  return Object.values(table).flatMap((entry) => (isRoute(entry) ? [entry] : Object.values(entry)));
}

function isRoute(entry: Route | Record<string, Route>): entry is Route {
  return typeof entry.method === 'string' && typeof entry.path === 'string';
}
