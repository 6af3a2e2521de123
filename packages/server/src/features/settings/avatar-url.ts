import { API_BASE } from '@parley/protocol/constants';
import { pathOf } from '@parley/protocol/http/route';
import { routes } from '@parley/protocol/http/routes';

// Avatar URLs are the blob key's random name under /avatars: public (an
// <img> sends no Bearer token) but unguessable, and never reused, so they
// can be cached for a year.

const FILE = /^([0-9a-f]{32})\.jpg$/;
/** The URL of an avatar without its file name. */
const PREFIX = `${API_BASE}${pathOf(routes.avatar, { file: '' })}`;

export function avatarUrlOf(key: string): string {
  return `${PREFIX}${key.slice('avatars/'.length)}.jpg`;
}

/** The blob key of one of our avatar URLs (or file names), else null. */
export function avatarKeyOf(urlOrFile: string): string | null {
  const file = urlOrFile.startsWith(PREFIX) ? urlOrFile.slice(PREFIX.length) : urlOrFile;
  const match = FILE.exec(file);
  return match ? `avatars/${match[1]}` : null;
}
