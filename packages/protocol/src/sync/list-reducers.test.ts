import { describe, expect, it } from 'vitest';
import type { Conversation } from '../conversation';
import { emptyConversations, upsertConversations } from './list-reducers';

// What the list keeps of a fetched conversation.

describe('upsertConversations', () => {
  it('keeps no task_groups: the single read’s board snapshot stays out of the list', () => {
    // Only id and last_seq matter to the reducer; the rest is carried as is.
    const read = { id: 5, last_seq: 3, name: 'Team', task_groups: [] } as unknown as Conversation;
    const state = upsertConversations(emptyConversations, [read]);
    expect(state.byId[5]).toEqual({ id: 5, last_seq: 3, name: 'Team' });
  });
});
