import { afterEach, describe, expect, it } from 'vitest';
import { useErrorList } from '../api/error-list';
import { useConversationStore } from '../features/conversations/store';
import { useMessageStore } from '../features/messages/store';
import {
  json,
  mockFetch,
  resetBrowserState,
  sampleConversation,
  sampleMessage,
  samplePivot,
  signIn,
} from '../test/http-fixtures';
import { dispatchFrame } from './dispatcher';

// A conversation the user no longer belongs to (left, removed or blocked
// while this device was away): the server's refetch for it, or its history,
// answers 404, and it leaves the list, history and the global count, with
// no "Not found." in the error list.

const ghostMessage = sampleMessage(1, 'u1', {
  conversation_id: 9,
  message: 'before the removal',
  user_id: 3,
  sender: { id: 3, name: 'Alice' },
});

/** The ghost: a group with unread held from the cache, its history too. */
function holdGhost() {
  const ghost = sampleConversation({ id: 9, pivot: samplePivot({ new_messages: 2 }) });
  const kept = sampleConversation({ id: 4, pivot: samplePivot({ new_messages: 1 }) });
  useConversationStore.getState().upsert([ghost, kept]);
  useConversationStore.setState({ unreadTotal: 3 });
  useMessageStore.getState().hydrate([{ conversationId: 9, messages: [ghostMessage] }], []);
}

describe('a conversation that is not the user’s any more', () => {
  afterEach(() => {
    useConversationStore.getState().reset();
    useMessageStore.getState().reset();
    useErrorList.getState().clear();
    resetBrowserState();
  });

  it('goes when the refetch the server asked for answers 404', async () => {
    signIn();
    // Offline for the count: the list's own arithmetic takes the ghost's unread out.
    mockFetch((url) =>
      url.endsWith('/user/unread') ? Response.error() : json(404, { message: 'Not found.' }),
    );
    holdGhost();
    dispatchFrame({ op: 'refetch', scope: 'conversation', conversation_id: 9 });
    await expect.poll(() => useConversationStore.getState().byId[9]).toBeUndefined();
    await expect.poll(() => useMessageStore.getState().threads[9]).toBeUndefined();
    expect(useConversationStore.getState().byId[4]).toBeDefined();
    expect(useConversationStore.getState().unreadTotal).toBe(1);
    expect(useErrorList.getState().errors).toEqual([]);
  });

  it('stays when the refetch fails without an answer (offline)', async () => {
    signIn();
    mockFetch(() => Response.error());
    holdGhost();
    const gone = await useConversationStore.getState().refetch([9]);
    expect(gone).toEqual([]);
    expect(useConversationStore.getState().byId[9]).toBeDefined();
  });

  it('drops its history when a page of it answers 404', async () => {
    signIn();
    mockFetch(() => json(404, { message: 'Not found.' }));
    holdGhost();
    expect(await useMessageStore.getState().load(9, 'latest')).toBe('gone');
    expect(useMessageStore.getState().threads[9]).toBeUndefined();
    expect(useErrorList.getState().errors).toEqual([]);
  });
});
