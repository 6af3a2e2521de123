import { STORAGE_KEYS } from '@parley/protocol/constants';
import type { AttachedFile, FileUploaded } from '@parley/protocol/file';
import type { Person } from './messaging';

// Helpers of the file suites: multipart uploads and downloads over real
// HTTP (fetch, not the JSON client: the bodies are bytes). What a blob
// store holds is read through test/blob-stores.ts.

export const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

/** Upload and download calls against the server at `base()` (read when called). */
export function fileCalls(base: () => string) {
  async function upload(who: Person, data: Buffer, filename: string, type = '', field = 'file') {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
    const res = await fetch(`${base()}/api/v1/user/files/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${who.token}` },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async function uploaded(
    who: Person,
    data: Buffer,
    filename: string,
    type = '',
  ): Promise<AttachedFile> {
    const res = await upload(who, data, filename, type);
    if (res.status !== 200) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as unknown as FileUploaded).attached_file;
  }

  /** GET a file URL as `who` (Bearer), or by the token cookie, or with nothing; extra headers on top. */
  function download(
    url: string,
    who: Person | null,
    how: 'bearer' | 'cookie' = 'bearer',
    extra: Record<string, string> = {},
  ) {
    const headers: Record<string, string> = { ...extra };
    if (who && how === 'bearer') headers.authorization = `Bearer ${who.token}`;
    if (who && how === 'cookie') headers.cookie = `${STORAGE_KEYS.tokenCookie}=${who.token}`;
    return fetch(`${base()}${url}`, { headers });
  }

  return { upload, uploaded, download };
}
