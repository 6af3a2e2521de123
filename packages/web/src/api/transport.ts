import { API_BASE } from '@parley/protocol/constants';
import { ApiError } from './errors';
import { buildHeaders } from './headers';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type SendOptions = {
  method?: HttpMethod;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Leave the Bearer token out (refresh calls must not be judged by a stale token). */
  anonymous?: boolean;
  signal?: AbortSignal;
};

/**
 * One HTTP exchange under API_BASE. Resolves with the Response whatever its
 * status; rejects with an ApiError whose status is null when no response
 * arrived at all.
 */
export async function send(path: string, options: SendOptions = {}): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const hasBody = options.body !== undefined;
  const init: RequestInit = {
    method: options.method ?? (hasBody ? 'POST' : 'GET'),
    headers: buildHeaders({ anonymous: options.anonymous, json: hasBody && !isForm }),
    credentials: 'same-origin',
    signal: options.signal,
  };
  if (hasBody) init.body = isForm ? (options.body as FormData) : JSON.stringify(options.body);
  try {
    return await fetch(`${API_BASE}${path}`, init);
  } catch (cause) {
    if (options.signal?.aborted) throw cause; // a cancelled call is not an error to show
    throw new ApiError(null, '', null);
  }
}

/** Reads a JSON body; an empty or non-JSON body reads as null. */
export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}
