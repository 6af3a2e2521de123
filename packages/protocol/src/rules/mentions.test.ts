import { describe, expect, it } from 'vitest';
import { GROUP_NOTICE_TYPE } from '../group-notice';
import { messageMentionKeys, messageMentionsUser } from './mentions';

describe('mentions of a message', () => {
  it('finds @names in what people wrote', () => {
    expect(messageMentionKeys({ message: 'hi @Bob and @ann', type: 'text' })).toEqual([
      'bob',
      'ann',
    ]);
    expect(messageMentionsUser({ message: '@bob party', type: 'text' }, 'Bob')).toBe(true);
  });

  it('finds none in a service line (a group renamed "@bob party")', () => {
    const text = JSON.stringify({ action: 'title', actor_id: 1, title: '@bob party' });
    expect(messageMentionsUser({ message: text, type: GROUP_NOTICE_TYPE }, 'bob')).toBe(false);
    expect(messageMentionKeys({ message: text, type: GROUP_NOTICE_TYPE })).toEqual([]);
  });
});
