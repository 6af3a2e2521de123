import type { z } from 'zod';
import { toast } from '../ui/toast';
import { MSG } from '@parley/protocol/messages';
import { getAccessToken, getRefreshToken } from '../lib/tokens';
import { translate } from '../lib/i18n';
import { signalAuthFailure } from './auth-failure';
import { ApiError, errorMessage, parseErrorReply } from './errors';
import { useErrorList } from './error-list';
import { takePrefetched } from './prefetch';
import { refreshTokens } from './refresh';
import { readJson, send } from './transport';
import type { SendOptions } from './transport';

export type RequestOptions<T> = SendOptions & {
  /** Every reply is parsed, never cast (style guide: the contract is checked at both edges). */
  schema: z.ZodType<T>;
  /** Sign-in calls: a 401 there is an answer, not an expired session. */
  skipAuthRefresh?: boolean;
  /** The caller shows the error itself (forms); otherwise it joins the shared error list. */
  silent?: boolean;
  /** Statuses that are an answer the caller acts on (e.g. 404: not yours), not a listed error. */
  answers?: readonly number[];
};

/**
 * Calls the API and returns the parsed reply, or throws an ApiError.
 * 401 → one shared refresh, then one retry of this request (never two);
 * 429 → an "Error / Too many requests." toast.
 */
export async function request<T>(path: string, options: RequestOptions<T>): Promise<T> {
  try {
    return await exchange(path, options, false);
  } catch (error) {
    if (
      !options.silent &&
      !options.signal?.aborted &&
      !(
        error instanceof ApiError &&
        (isHandled(error) || options.answers?.includes(error.status ?? 0))
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

async function exchange<T>(path: string, options: RequestOptions<T>, isRetry: boolean): Promise<T> {
  const sentToken = getAccessToken();
  const response = await sendOrTakePrefetched(path, options);

  if (response.status === 401 && !options.skipAuthRefresh && !isRetry) {
    const next = await recoverFrom401(sentToken);
    if (next === 'retry') return exchange(path, options, true);
    if (next === 'offline') throw new ApiError(null, '', null);
  }
  if (response.status === 429) {
    toast.error(translate('common.error'), { description: translate(MSG.tooManyRequests) });
  }
  if (!response.ok) {
    throw new ApiError(
      response.status,
      response.statusText,
      parseErrorReply(await readJson(response)),
    );
  }
  const parsed = options.schema.safeParse(await readJson(response));
  if (!parsed.success) {
    // The server broke the contract: show the generic text, keep the detail for developers.
    console.error(`Unexpected reply from ${path}`, parsed.error.issues);
    throw new ApiError(response.status, '', { message: MSG.somethingWrong });
  }
  return parsed.data;
}

/** A plain GET the entry already sent (prefetch.ts) is not sent again, unless that one failed. */
function sendOrTakePrefetched(path: string, options: SendOptions): Promise<Response> {
  const plainGet =
    options.method === undefined &&
    options.body === undefined &&
    !options.signal &&
    !options.anonymous;
  const early = plainGet ? takePrefetched(path) : null;
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
