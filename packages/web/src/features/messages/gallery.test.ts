import { afterEach, describe, expect, it } from 'vitest';
import type { AttachedFile } from '@parley/protocol/file';
import { emptyConversations } from '@parley/protocol/sync/list-reducers';
import { sampleConversation, sampleMessage, sampleUser } from '../../test/http-fixtures';
import { useAuthStore } from '../auth/store';
import { useConversationStore } from '../conversations/store';
import { galleryOf } from './gallery';
import { shownSenderName } from './shown-sender';

const picture = {
  id: 1,
  key: 'k1',
  name: 'pier.png',
  size: 10,
  mime: 'image/png',
  is_image: true,
  width: 10,
  height: 10,
  url: '/f/1',
  thumbnail_url: '/t/1',
} as unknown as AttachedFile;

describe('galleryOf', () => {
  afterEach(() => {
    useConversationStore.setState(emptyConversations);
    useAuthStore.setState({ user: null });
  });

  it('names a channel’s pictures by the channel, one’s own and a group’s by their sender', () => {
    useAuthStore.setState({ user: { ...sampleUser, id: 3 } });
    const channel = sampleConversation({
      id: 5,
      type: 'channel',
      name: 'Harbour news',
      is_group: false,
      is_channel: true,
      publisher_hash: 'abc',
    });
    const group = sampleConversation({ id: 6, name: 'Crew' });
    useConversationStore.setState({ byId: { 5: channel, 6: group } });
    const items = galleryOf([
      sampleMessage(1, 'a', { attached_file: picture }),
      sampleMessage(2, 'b', { attached_file: picture, user_id: 3, sender: { id: 3, name: 'Me' } }),
      sampleMessage(3, 'c', { attached_file: picture, conversation_id: 6 }),
      sampleMessage(4, 'd'),
    ]);
    expect(items.map((i) => i.sender)).toEqual(['Harbour news', 'Me', 'Ada']);
    // A copied selection names them the same way; the server's own stays unnamed.
    expect(shownSenderName(sampleMessage(5, 'e'))).toBe('Harbour news');
    expect(shownSenderName(sampleMessage(6, 'f', { user_id: null, sender: null }))).toBeNull();
  });
});
