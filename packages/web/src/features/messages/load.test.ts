import { afterEach, describe, expect, it } from 'vitest';
import { conversationEventFrameSchema } from '@parley/protocol/realtime';
import {
  json,
  mockFetch,
  resetBrowserState,
  sampleMessage,
  signIn,
} from '../../test/http-fixtures';
import { useMessageStore } from './store';

// History pages: the window around the first unread, as the chat opens on it.

const ids = () => useMessageStore.getState().threads[5]?.messages.map((m) => m.id);

describe('opening at the first unread', () => {
  afterEach(() => {
    useMessageStore.getState().reset();
    resetBrowserState();
  });

  it('keeps a message that arrived while the window around the first unread was on the wire', async () => {
    signIn();
    let answer: (r: Response) => void = () => undefined;
    const urls: string[] = [];
    mockFetch((url) => {
      urls.push(url);
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    const loading = useMessageStore.getState().load(5, 'around', 11);
    useMessageStore.getState().applyFrame(
      conversationEventFrameSchema.parse({
        op: 'event',
        scope: 'conversation',
        conversation_id: 5,
        seq: 3,
        type: 'message.new',
        payload: { message_id: 40, message: sampleMessage(40, 'd', { message: 'just sent' }) },
      }),
    );
    // The window reaches the newest message (few unread): the arrival belongs in it.
    answer(
      await json(200, {
        messages: [
          sampleMessage(10, 'a', { message: 'read' }),
          sampleMessage(30, 'c', { message: 'unread' }),
        ],
        has_older: false,
        has_newer: false,
      }),
    );
    expect(await loading).toBe('loaded');
    expect(urls).toEqual([expect.stringContaining('/user/conversations/5/messages?around=11')]);
    expect(ids()).toEqual([10, 30, 40]);
  });

  it('shares a page already on the wire with a second ask for it; another anchor is refused', async () => {
    signIn();
    let answer: (r: Response) => void = () => undefined;
    const fetches = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const first = useMessageStore.getState().load(5, 'around', 11);
    // A view mounted twice (React's strict mode) asks for the same window again.
    const again = useMessageStore.getState().load(5, 'around', 11);
    expect(await useMessageStore.getState().load(5, 'around', 99)).toBe('failed');
    answer(
      await json(200, {
        messages: [sampleMessage(30, 'c', { message: 'unread' })],
        has_older: true,
        has_newer: true,
      }),
    );
    expect(await first).toBe('loaded');
    expect(await again).toBe('loaded');
    expect(fetches).toHaveBeenCalledTimes(1);
    expect(ids()).toEqual([30]);
  });
});
