import { z } from 'zod';
import { ID_MAX } from './constants';

// Every id, cursor and sequence number a client sends, in one range (ID_MAX,
// constants.ts). The stores keep them in `integer` columns: PostgreSQL's
// holds 2³¹−1 at most, and a larger value sent on to it fails the query (a
// 500), while SQLite would only find nothing. So both refuse it here, at the edge: a body or query
// field out of range is a 422 like any other bad value, a path id a 404 like
// any other id that does not exist (server http/validation.ts).

/** An id in a JSON body or a socket frame. */
export const idSchema = z.number().int().positive().max(ID_MAX);

/**
 * An id in a path or a query string (or a form field): its decimal text, or
 * the number itself. `<number>` is what a client passes (http/route.ts).
 */
export const idParamSchema = z.coerce.number<number>().int().positive().max(ID_MAX);

/** An event sequence number a client has applied (0: none yet). */
export const seqSchema = z.number().int().nonnegative().max(ID_MAX);
