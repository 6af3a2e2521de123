import { z } from 'zod';
import type { JsonRoute } from '@parley/protocol/http/route';
import { pathOf } from '@parley/protocol/http/route';
import { MSG } from '@parley/protocol/messages';
import { getAccessToken, getRefreshToken } from '../lib/tokens';
import { signalAuthFailure } from './auth-failure';
import { ApiError, errorMessage, parseErrorReply, withRetryAfter } from './errors';
import { useErrorList } from './error-list';
import { takePrefetched } from './prefetch';
import { tooManyRequests } from './too-many';
import { refreshTokens } from './refresh';
import { readJson, send } from './transport';
import type { SendOptions } from './transport';

// Every API call goes through `call(routes.x, input)`: the protocol's route
// table (@parley/protocol/http/routes) gives the method, the path and the
// schemas, so a call's parameters and body are typed by the contract and
// its reply is parsed, never cast (style guide: checked at both edges).

export type CallOptions = {
  signal?: AbortSignal;
  /** Leave the Bearer token out (sign-in calls must not be judged by a stale token). */
  anonymous?: boolean;
  /** Sign-in calls: a 401 there is an answer, not an expired session. */
  skipAuthRefresh?: boolean;
  /** The caller shows the error itself (forms); otherwise it joins the shared error list. */
  silent?: boolean;
  /** Statuses that are an answer the caller acts on (e.g. 404: not yours), not a listed error. */
  answers?: readonly number[];
};

/** A part a route has, required unless every field of it is optional. */
type Part<K extends string, T> = object extends T ? { [P in K]?: T } : { [P in K]: T };

/** What a call of route R takes: its path parameters, query and body as the client sends them. */
export type CallInput<R extends JsonRoute> = (R extends { params: infer P extends z.ZodType }
  ? Part<'params', z.input<P>>
  : { params?: never }) &
  (R extends { query: infer Q extends z.ZodType } ? Part<'query', z.input<Q>> : { query?: never }) &
  (R extends { body: 'multipart' }
    ? { body: FormData }
    : R extends { body: infer B extends z.ZodType }
      ? undefined extends z.input<B>
        ? { body?: z.input<B> }
        : { body: z.input<B> }
      : { body?: never }) &
  CallOptions;

/** The input may be left out when the route needs none. */
type CallArgs<R extends JsonRoute> =
  object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/** The input as the transport sees it. */
type Sent = CallOptions & {
  params?: Record<string, string | number | boolean | null | undefined>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
};

/**
 * Calls the API and returns the parsed reply, or throws an ApiError.
 * 401 → one shared refresh, then one retry of this request (never two);
 * 429 → an "Error / Too many requests." toast, counting down retry_after.
 */
export async function call<R extends JsonRoute>(
  route: R,
  ...[input]: CallArgs<R>
): Promise<z.output<R['reply']>> {
  const sent: Sent = input ?? {};
  try {
    return await exchange(route, sent, false);
  } catch (error) {
    if (
      !sent.silent &&
      !sent.signal?.aborted &&
      !(
        error instanceof ApiError &&
        (isHandled(error) || sent.answers?.includes(error.status ?? 0))
      )
    ) {
      useErrorList.getState().push(errorMessage(error));
    }
    throw error;
  }
}

/** 401 and 429 already produced their own reaction (logout, toast). */
function isHandled(error: ApiError): boolean {
  return error.status === 401 || error.status === 429;
}

async function exchange<R extends JsonRoute>(
  route: R,
  sent: Sent,
  isRetry: boolean,
): Promise<z.output<R['reply']>> {
  const sentToken = getAccessToken();
  const path = pathOf(route, sent.params, sent.query);
  const options: SendOptions = {
    method: route.method,
    body: sent.body,
    anonymous: sent.anonymous,
    signal: sent.signal,
  };
  const response = await sendOrTakePrefetched(route, path, options);

  if (response.status === 401 && !sent.skipAuthRefresh && !isRetry) {
    const next = await recoverFrom401(sentToken);
    if (next === 'retry') return exchange(route, sent, true);
    if (next === 'offline') throw new ApiError(null, '', null);
  }
  if (!response.ok) {
    const reply = withRetryAfter(
      parseErrorReply(await readJson(response)),
      response.headers.get('retry-after'),
    );
    if (response.status === 429) tooManyRequests(reply?.retry_after);
    throw new ApiError(response.status, response.statusText, reply);
  }
  const parsed = z.safeParse<R['reply']>(route.reply, await readJson(response));
  if (!parsed.success) {
    // The server broke the contract: show the generic text, keep the detail for developers.
    console.error(`Unexpected reply from ${route.path}`, parsed.error.issues);
    throw new ApiError(response.status, '', { message: MSG.somethingWrong });
  }
  return parsed.data;
}

/** A route's plain GET the entry already sent (prefetch.ts) is not sent again, unless that one failed. */
function sendOrTakePrefetched(
  route: JsonRoute,
  path: string,
  options: SendOptions,
): Promise<Response> {
  const plainGet =
    route.method === 'GET' && path === route.path && !options.signal && !options.anonymous;
  const early = plainGet ? takePrefetched(route.path) : null;
  return early ? early.catch(() => send(path, options)) : send(path, options);
}

/** Decides whether a request that failed with 401 may be retried. */
async function recoverFrom401(sentToken: string | null): Promise<'retry' | 'fail' | 'offline'> {
  if (getRefreshToken()) {
    // Another request already refreshed after this one left: just retry with the new token.
    const current = getAccessToken();
    if (current && current !== sentToken) return 'retry';
    const outcome = await refreshTokens();
    if (outcome === 'refreshed') return 'retry';
    return outcome === 'offline' ? 'offline' : 'fail';
  }
  // Spec 4: a token but no refresh credential → log out.
  if (sentToken) await signalAuthFailure();
  return 'fail';
}
