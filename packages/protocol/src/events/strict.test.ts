import { describe, expect, it } from 'vitest';
import { strictConversationStored, strictUserStored } from './strict';

// What the server appends is refused at the append when it breaks the contract.

describe('strict event payloads', () => {
  it('accepts a payload as declared', () => {
    expect(strictConversationStored('message.new', { message_id: 7 })).toEqual({ message_id: 7 });
    expect(strictUserStored('conversation.updated', { conversation_id: 3, hidden: 0 })).toEqual({
      conversation_id: 3,
      hidden: 0,
    });
  });

  it('refuses an undeclared field and a wrong value', () => {
    const extra = { message_id: 7, text: 'leak' } as { message_id: number };
    expect(() => strictConversationStored('message.new', extra)).toThrow();
    const flag = { conversation_id: 3, hidden: 2 } as unknown as { conversation_id: number };
    expect(() => strictUserStored('conversation.updated', flag)).toThrow();
  });
});
