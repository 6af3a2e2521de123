import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationEventFrameSchema } from '@parley/protocol/realtime';
import {
  bodyOf,
  json,
  mockFetch,
  resetBrowserState,
  sampleMessage,
  signIn,
} from '../test/http-fixtures';
import { pendingOf } from '../features/messages/reducers';
import { useMessageStore } from '../features/messages/store';
import { MSG } from '@parley/protocol/messages';
import { bootI18n, changeLocale } from '../lib/i18n';
import { flushOutbox, retrySend, sendMessage } from './outbox';

// Sending through the outbox: the pending copy at once, the confirmed
// message committed through the one dispatcher into history.

const ids = () => useMessageStore.getState().threads[5]?.messages.map((m) => m.id);

describe('optimistic sending (spec 4)', () => {
  afterEach(() => {
    useMessageStore.getState().reset();
    resetBrowserState();
  });

  it('shows a pending message at once, then moves the confirmed one into id order', async () => {
    signIn();
    let release: (r: Response) => void = () => undefined;
    const sent: unknown[] = [];
    mockFetch((url, init) => {
      if (url.includes('/messages?') || url.endsWith('/messages')) {
        if (init.method === 'POST') {
          sent.push(bodyOf(init));
          return new Promise<Response>((resolve) => (release = resolve));
        }
        return json(200, {
          messages: [
            sampleMessage(10, 'a', { message: 'one' }),
            sampleMessage(30, 'c', { message: 'three' }),
          ],
          has_older: false,
          has_newer: false,
        });
      }
      return json(404, { message: 'Not found.' });
    });
    await useMessageStore.getState().load(5, 'latest');
    const done = sendMessage(5, 'two', null);

    const [pending] = pendingOf(useMessageStore.getState(), 5);
    expect(pending).toMatchObject({ text: 'two', error: null });
    expect(ids()).toEqual([10, 30]);

    // The server placed it between the two (a message of id 20).
    release(json(200, sampleMessage(20, pending?.uuid ?? '', { message: 'two' })));
    expect(await done).toMatchObject({ id: 20 });
    expect(pendingOf(useMessageStore.getState(), 5)).toEqual([]);
    expect(ids()).toEqual([10, 20, 30]);
    expect(sent).toEqual([
      { conversation_id: 5, uuid: pending?.uuid, message: 'two', parent_id: null },
    ]);
  });

  it('marks a failed send with an error; retry reuses the same uuid', async () => {
    signIn();
    const uuids: string[] = [];
    let fail = true;
    mockFetch((url, init) => {
      if (init.method === 'POST' && url.endsWith('/user/messages')) {
        const body = bodyOf(init) as { uuid: string };
        uuids.push(body.uuid);
        if (fail) return json(500, { message: 'Server error.' });
        return json(200, sampleMessage(40, body.uuid, { message: 'hello' }));
      }
      return json(200, { messages: [], has_older: false, has_newer: false });
    });
    await useMessageStore.getState().load(5, 'latest');
    expect(await sendMessage(5, 'hello', null)).toBeNull();
    const [failed] = pendingOf(useMessageStore.getState(), 5);
    expect(failed?.error).toBe('Server error.');

    fail = false;
    await retrySend(failed?.uuid ?? '');
    expect(uuids).toHaveLength(2);
    expect(uuids[1]).toBe(uuids[0]);
    expect(pendingOf(useMessageStore.getState(), 5)).toEqual([]);
    expect(ids()).toEqual([40]);
  });

  it('keeps a failed send’s error as its message key, so it shows in the locale of the moment', async () => {
    await bootI18n();
    await changeLocale('ru');
    try {
      signIn();
      mockFetch((url, init) => {
        if (init.method === 'POST' && url.endsWith('/user/messages')) {
          return json(403, { message: MSG.forbidden });
        }
        return json(200, { messages: [], has_older: false, has_newer: false });
      });
      await useMessageStore.getState().load(5, 'latest');
      expect(await sendMessage(5, 'hello', null)).toBeNull();
      const [failed] = pendingOf(useMessageStore.getState(), 5);
      // Not the Russian text of the moment it failed: the bubble translates it when shown.
      expect(failed?.error).toBe(MSG.forbidden);
    } finally {
      await changeLocale('en');
    }
  });

  it('offline: the message stays queued (no error) and the flush sends it, same uuid', async () => {
    signIn();
    const uuids: string[] = [];
    let online = false;
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    mockFetch((url, init) => {
      if (init.method === 'POST' && url.endsWith('/user/messages')) {
        const body = bodyOf(init) as { uuid: string };
        uuids.push(body.uuid);
        return json(200, sampleMessage(50, body.uuid, { message: 'later' }));
      }
      return json(200, { messages: [], has_older: false, has_newer: false });
    });
    await useMessageStore.getState().load(5, 'latest');
    expect(await sendMessage(5, 'later', null)).toBeNull();
    const [queued] = pendingOf(useMessageStore.getState(), 5);
    expect(queued?.error).toBeNull();
    expect(uuids).toEqual([]);

    online = true;
    await flushOutbox();
    expect(ids()).toEqual([50]);
    expect(uuids).toEqual([queued?.uuid]);
    expect(pendingOf(useMessageStore.getState(), 5)).toEqual([]);
    await flushOutbox();
    expect(uuids).toEqual([queued?.uuid]);
    onLine.mockRestore();
  });
});

describe('opening a chat while messages arrive', () => {
  afterEach(() => {
    useMessageStore.getState().reset();
    resetBrowserState();
  });

  it('keeps what arrived while the newest page was on the wire', async () => {
    signIn();
    let answer: (r: Response) => void = () => undefined;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const loading = useMessageStore.getState().load(5, 'latest');

    // The page was read on the server before these happened.
    const live = (seq: number, type: 'message.new' | 'message.deleted', payload: object) =>
      useMessageStore.getState().applyFrame(
        conversationEventFrameSchema.parse({
          op: 'event',
          scope: 'conversation',
          conversation_id: 5,
          seq,
          type,
          payload,
        }),
      );
    live(11, 'message.new', {
      message_id: 40,
      message: sampleMessage(40, 'd', { message: 'just sent' }),
    });
    live(12, 'message.deleted', { message_id: 30, user_id: 7 });
    expect(ids()).toBeUndefined(); // no window yet to put them in

    answer(
      await json(200, {
        messages: [
          sampleMessage(10, 'a', { message: 'one' }),
          sampleMessage(30, 'c', { message: 'three' }),
        ],
        has_older: false,
        has_newer: false,
      }),
    );
    await loading;
    expect(ids()).toEqual([10, 40]);
  });
});
