import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerFrame } from '@parley/protocol/realtime';
import { sampleConversation, sampleMessage } from '../../test/http-fixtures';
import { useConversationStore } from '../conversations/store';
import { startNotificationsDeferred } from './deferred';
import type { HeldConversation, Notifier } from './notifier';

// The notifier's chunk loads after the chat screen; frames that come first
// must reach it in order, each with the conversation as it was when it came.

type Noted = [ServerFrame, number | null, HeldConversation?];

function newMessage(id: number): ServerFrame {
  return {
    op: 'event',
    scope: 'conversation',
    conversation_id: 5,
    seq: id,
    type: 'message.new',
    payload: { message_id: id, message: sampleMessage(id, `u${id}`) },
  };
}

/** A notifier module whose chunk arrives when the test says so. */
function deferredModule() {
  const noted: Noted[] = [];
  const stop = vi.fn();
  let arrive: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<{ startNotifications: () => Notifier }>((resolve, reject) => {
        arrive = () =>
          resolve({
            startNotifications: () => ({
              noteFrame: (...args) => void noted.push(args),
              stop,
            }),
          });
        fail = reject;
      }),
  );
  return { load, noted, stop, arrive: () => arrive(), fail: (e: Error) => fail(e) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  useConversationStore.getState().reset();
  useConversationStore.getState().upsert([sampleConversation({ id: 5, name: 'Before' })]);
});

afterEach(() => {
  useConversationStore.getState().reset();
  vi.restoreAllMocks();
});

describe('notifications loaded after the chat screen', () => {
  it('hands frames that came first over in order, with the conversation as it was then', async () => {
    const chunk = deferredModule();
    const notifier = startNotificationsDeferred(chunk.load);
    notifier.noteFrame(newMessage(11), 3);
    // The stores apply the frame right after the notifier saw it.
    useConversationStore.getState().upsert([sampleConversation({ id: 5, name: 'After' })]);
    notifier.noteFrame(newMessage(12), 3);
    expect(chunk.noted).toEqual([]);

    chunk.arrive();
    await settle();
    expect(
      chunk.noted.map(([frame, ownId, held]) => [frame, ownId, held?.conversation?.name]),
    ).toEqual([
      [newMessage(11), 3, 'Before'],
      [newMessage(12), 3, 'After'],
    ]);

    // Once in, frames go straight through and the notifier reads the store itself.
    notifier.noteFrame(newMessage(13), 3);
    expect(chunk.noted[2]).toEqual([newMessage(13), 3]);
    notifier.stop();
    expect(chunk.stop).toHaveBeenCalledOnce();
  });

  it('keeps no frame that cannot notify (not a conversation event)', async () => {
    const chunk = deferredModule();
    const notifier = startNotificationsDeferred(chunk.load);
    notifier.noteFrame({ op: 'ready', user_id: 3, online_user_ids: [] }, 3);
    chunk.arrive();
    await settle();
    expect(chunk.noted).toEqual([]);
  });

  it('never starts once stopped while the chunk was on its way', async () => {
    const chunk = deferredModule();
    const notifier = startNotificationsDeferred(chunk.load);
    notifier.noteFrame(newMessage(11), 3);
    notifier.stop();
    chunk.arrive();
    await settle();
    expect(chunk.noted).toEqual([]);
    expect(chunk.stop).not.toHaveBeenCalled();
  });

  it('tries the chunk again with the next frame after a failed load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const chunk = deferredModule();
    const notifier = startNotificationsDeferred(chunk.load);
    chunk.fail(new Error('offline'));
    await settle();
    notifier.noteFrame(newMessage(11), 3);
    expect(chunk.load).toHaveBeenCalledTimes(2);
    chunk.arrive();
    await settle();
    expect(chunk.noted.map(([frame]) => frame)).toEqual([newMessage(11)]);
  });
});
