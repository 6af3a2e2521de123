import { describe, expect, it } from 'vitest';
import type { Conversation } from '../conversation';
import {
  applyInfoChange,
  publisherIdentity,
  withGroupInactivity,
  withNotifications,
  withPublisherHash,
} from './conversation-info';

const base = (type: 'group' | 'channel' | 'direct', role: 'owner' | null = null) =>
  ({
    id: 7,
    type,
    is_group: type === 'group',
    is_channel: type === 'channel',
    name: 'Old',
    description: null,
    avatar: null,
    username: null,
    max_time_inactive: null,
    publisher_hash: null,
    pivot: { notifications: true, role },
  }) as unknown as Conversation;

describe('spec 4: group and channel fields', () => {
  it('sets publisher_hash only on a channel', () => {
    expect(withPublisherHash(base('channel'), 'ab').publisher_hash).toBe('ab');
    expect(withPublisherHash(base('group'), 'ab').publisher_hash).toBeNull();
    expect(withPublisherHash(base('direct'), 'ab').publisher_hash).toBeNull();
  });

  it('sets max_time_inactive only on a group', () => {
    expect(withGroupInactivity(base('group'), 30).max_time_inactive).toBe(30);
    expect(withGroupInactivity(base('channel'), 30).max_time_inactive).toBeNull();
  });

  it('changes notifications only on the target conversation', () => {
    expect(withNotifications(base('group'), 7, false).pivot.notifications).toBe(false);
    expect(withNotifications(base('group'), 8, false).pivot.notifications).toBe(true);
  });
});

describe('conversation.info applied', () => {
  it('copies what changed, with the group and channel rules', () => {
    const group = applyInfoChange(base('group'), {
      name: 'New',
      avatar: '/api/v1/avatars/x.jpg',
      max_time_inactive: 10,
    });
    expect(group).toEqual({
      conversation: expect.objectContaining({
        name: 'New',
        avatar: '/api/v1/avatars/x.jpg',
        description: null,
        max_time_inactive: 10,
      }),
      refetch: false,
    });
    const channel = applyInfoChange(base('channel'), { max_time_inactive: 10 });
    expect(channel.conversation.max_time_inactive).toBeNull();
  });

  it('refetches for a changed invite link only those who may see it, and on a bad payload', () => {
    expect(applyInfoChange(base('group'), { invitation_changed: true }).refetch).toBe(false);
    expect(applyInfoChange(base('group', 'owner'), { invitation_changed: true }).refetch).toBe(
      true,
    );
    expect(applyInfoChange(base('group'), { name: 42 }).refetch).toBe(true);
  });
});

describe('publisher identity', () => {
  it("is the channel's name and avatar, for channels with a publisher_hash only", () => {
    const channel = { ...base('channel'), publisher_hash: 'f00d', avatar: '/a.jpg' };
    expect(publisherIdentity(channel)).toEqual({ hash: 'f00d', name: 'Old', avatar: '/a.jpg' });
    expect(publisherIdentity(base('channel'))).toBeNull();
    expect(publisherIdentity({ ...base('group'), publisher_hash: 'f00d' })).toBeNull();
  });
});
