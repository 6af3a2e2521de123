import { describe, expect, it } from 'vitest';
import { ID_MAX } from '@parley/protocol/constants';
import { parseConversationId } from './route-id';

describe('parseConversationId', () => {
  it('takes the ids the API takes', () => {
    expect(parseConversationId('1')).toBe(1);
    expect(parseConversationId(String(ID_MAX))).toBe(ID_MAX);
  });

  it.each([undefined, '', '0', '-1', '1.5', '1e3', 'abc', String(ID_MAX + 1), '9'.repeat(30)])(
    '%s is no id',
    (param) => expect(parseConversationId(param)).toBeNull(),
  );
});
