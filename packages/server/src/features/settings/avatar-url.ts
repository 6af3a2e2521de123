import { API_BASE } from '@parley/protocol/constants';

// Avatar URLs are the blob key's random name under /avatars: public (an
// <img> sends no Bearer token) but unguessable, and never reused, so they
// can be cached for a year.

export const AVATAR_PATH = '/avatars';
const FILE = /^([0-9a-f]{32})\.jpg$/;

export function avatarUrlOf(key: string): string {
  return `${API_BASE}${AVATAR_PATH}/${key.slice('avatars/'.length)}.jpg`;
}

/** The blob key of one of our avatar URLs (or file names), else null. */
export function avatarKeyOf(urlOrFile: string): string | null {
  const file = urlOrFile.startsWith(`${API_BASE}${AVATAR_PATH}/`)
    ? urlOrFile.slice(`${API_BASE}${AVATAR_PATH}/`.length)
    : urlOrFile;
  const match = FILE.exec(file);
  return match ? `avatars/${match[1]}` : null;
}
