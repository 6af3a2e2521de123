import { MSG } from '@parley/protocol/messages';
import { AVATAR_SIZE_PX } from '@parley/protocol/settings';
import { ImageRefused, toAvatarJpeg } from '../../media/images';
import type { BlobStore } from '../../storage/blob-store';
import { avatarUrlOf } from '../settings/avatar-url';
import { invalid } from './access';

// A group or channel avatar: the same pipeline as a user's (media/images:
// sniffed by content, pixel ceiling, cropped and re-encoded without
// metadata) and the same public, unguessable /avatars URL.

export function groupAvatarStore(blobs: BlobStore) {
  return async (data: Buffer): Promise<string> => {
    let jpeg: Buffer;
    try {
      jpeg = await toAvatarJpeg(data, AVATAR_SIZE_PX);
    } catch (error) {
      if (!(error instanceof ImageRefused)) throw error;
      throw invalid(
        'avatar',
        error.reason === 'too_many_pixels' ? MSG.avatarTooManyPixels : MSG.avatarNotImage,
      );
    }
    return avatarUrlOf((await blobs.put('avatars', jpeg)).key);
  };
}
