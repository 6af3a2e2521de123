import { describe, expect, it } from 'vitest';
import { GROUP_NOTICE_ACTIONS, CHANNEL_NOTICE_ACTIONS, parseGroupNotice } from '../group-notice';
import { groupNoticeKeys, groupNoticeText } from './group-notice-text';

const t = (key: string, v: Record<string, string>) => `${key}|${v.actor}|${v.target}|${v.title}`;

describe('groupNoticeText', () => {
  it('words a group line with actor, target and title', () => {
    const text = groupNoticeText(
      { action: 'removed', actor_id: 1, target_id: 2, target_name: 'Anna' },
      'Boris',
      t,
      '?',
    );
    expect(text).toBe('groupNotice.group.removed|Boris|Anna|');
  });

  it('uses the channel wording for channel lines', () => {
    const notice = { action: 'title' as const, actor_id: 1, title: 'News', channel: true };
    expect(groupNoticeText(notice, 'Boris', t, '?')).toBe('groupNotice.channel.title|Boris|?|News');
  });

  it('falls back to a placeholder name when the sender is unknown', () => {
    expect(groupNoticeText({ action: 'left', actor_id: 3 }, '', t, 'Deleted account')).toBe(
      'groupNotice.group.left|Deleted account|Deleted account|',
    );
  });

  it('has a key for every action of each scope', () => {
    const keys = groupNoticeKeys();
    for (const a of GROUP_NOTICE_ACTIONS) expect(keys).toContain(`groupNotice.group.${a}`);
    for (const a of CHANNEL_NOTICE_ACTIONS) expect(keys).toContain(`groupNotice.channel.${a}`);
  });
});

describe('parseGroupNotice', () => {
  it('reads a stored payload and refuses anything else', () => {
    expect(parseGroupNotice('{"action":"joined","actor_id":4}')).toEqual({
      action: 'joined',
      actor_id: 4,
    });
    expect(parseGroupNotice('hello')).toBeNull();
    expect(parseGroupNotice('{"action":"exploded","actor_id":4}')).toBeNull();
    expect(parseGroupNotice('{"action":"joined","actor_id":4,"text":"x"}')).toBeNull();
  });
});
