import { API_BASE } from '@parley/protocol/constants';
import { FILE_MSG } from '@parley/protocol/file';
import { tooManyRequests } from '../../api/too-many';
import type { AttachedFile } from '@parley/protocol/file';
import { pathOf } from '@parley/protocol/http/route';
import { messageRoutes } from '@parley/protocol/http/message-routes';
import { ApiError, parseErrorReply } from '../../api/errors';
import { refreshTokens } from '../../api/refresh';
import { buildHeaders } from '../../api/headers';
import { send } from '../../api/transport';
import { getAccessToken } from '../../lib/tokens';

// Uploads and downloads of message files. The upload goes through
// XMLHttpRequest because fetch() reports no upload progress; both sides
// follow the HTTP client's rule: a 401 refreshes the token once and retries.

/** Resolves with the upload's description; rejects with an ApiError (status null: aborted or offline). */
function uploadOnce(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(messageRoutes.uploadFile.method, `${API_BASE}${pathOf(messageRoutes.uploadFile)}`);
    buildHeaders({ json: false }).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: the status decides
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(null, '', null));
    xhr.onabort = () => reject(new ApiError(null, '', null));
    if (signal.aborted) return reject(new ApiError(null, '', null));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export async function uploadFile(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<AttachedFile> {
  let reply = await uploadOnce(file, onProgress, signal);
  if (reply.status === 401 && (await refreshTokens()) === 'refreshed') {
    reply = await uploadOnce(file, onProgress, signal);
  }
  const parsed = messageRoutes.uploadFile.reply.safeParse(reply.body);
  if (reply.status === 200 && parsed.success) return parsed.data.attached_file;
  // 413 is "too large" unless the server says the uploader's quota is full (issue 18).
  if (reply.status === 413) {
    const quota = parseErrorReply(reply.body)?.message === FILE_MSG.quotaExceeded;
    throw new ApiError(413, '', {
      message: quota ? FILE_MSG.quotaExceeded : FILE_MSG.fileTooLarge,
    });
  }
  const refused = parseErrorReply(reply.body);
  if (reply.status === 429) tooManyRequests(refused?.retry_after);
  throw new ApiError(reply.status, '', refused);
}

/** A path of ours under API_BASE, as the HTTP transport takes it. */
const apiPath = (url: string) => (url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url);

/** Downloads with the Bearer token (the cookie may have lapsed) and saves under the file's name. */
export async function downloadFile(file: Pick<AttachedFile, 'url' | 'name'>): Promise<void> {
  let response = await send(apiPath(file.url));
  if (response.status === 401 && (await refreshTokens()) === 'refreshed') {
    response = await send(apiPath(file.url));
  }
  if (!response.ok) throw new ApiError(response.status, response.statusText, null);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the save; the URL is released once it has been read.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * An <img> sends the `token` cookie, not the Bearer header; after an idle
 * quarter of an hour that cookie has lapsed. Before a failed image is tried
 * again, the token is refreshed if it is missing or expired.
 */
export async function freshenImageToken(): Promise<boolean> {
  const token = getAccessToken();
  if (token && !expired(token)) return true;
  return (await refreshTokens()) === 'refreshed';
}

function expired(token: string): boolean {
  try {
    const base64 = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))) as {
      exp?: unknown;
    };
    return typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now() + 5000;
  } catch {
    return true;
  }
}
