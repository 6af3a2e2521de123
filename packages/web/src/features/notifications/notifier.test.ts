import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import type { Message } from '@parley/protocol/message';
import type { ServerFrame } from '@parley/protocol/realtime';
import {
  json,
  mockFetch,
  resetBrowserState,
  sampleUser,
  signIn,
  samplePivot,
} from '../../test/http-fixtures';
import { useAuthStore } from '../auth/store';
import { useConversationStore } from '../conversations/store';
import type { NotificationBoundary, PermissionState } from './boundary';
import type { NotificationContent } from './content';
import { USER_WAIT_MS, startNotifications } from './notifier';
import type { Notifier } from './notifier';
import { setOpenConversation } from './view';

// The notifier wired as the chat runs it: real stores, real rules, real
// view tracking; only the browser's notification API is a fake, since jsdom
// has none. jsdom has no Web Locks either, so this tab leads on its own.

const OWN = sampleUser.id;
const BOB = 9;

/** A fake of the boundary: records what would be shown and closed. */
function fakeBrowser(permission: PermissionState = 'granted') {
  const shown: NotificationContent[] = [];
  const closed: string[] = [];
  const boundary: NotificationBoundary = {
    permission: () => permission,
    show: (content) => {
      shown.push(content);
      return Promise.resolve();
    },
    close: (tag) => {
      closed.push(tag);
      return Promise.resolve();
    },
  };
  return { boundary, shown, closed };
}

function conversation(id: number, over: Partial<Conversation> = {}): Conversation {
  return {
    id,
    type: 'direct',
    name: null,
    description: null,
    avatar: null,
    created_at: '2026-03-01T09:00:00.000Z',
    last_message_at: null,
    is_group: false,
    is_channel: false,
    is_saved: false,
    is_system: false,
    is_secret: false,
    is_official: false,
    friend: {
      id: BOB,
      name: 'Bob',
      avatar: '/avatars/bob.png',
      status: null,
      pivot: { blocked: false },
    },
    pinned_message: null,
    current_user: { last_message: null },
    pivot: samplePivot({ last_read_message_id: 100 }),
    last_seq: 10,
    ...over,
  };
}

function frame(conversationId: number, over: Partial<Message> = {}, seq = 11): ServerFrame {
  const message: Message = {
    id: 101,
    conversation_id: conversationId,
    uuid: 'f4a3c1f2-8f1e-4d7a-9a55-0f7c1b0e9d21',
    message: 'Lunch at noon?',
    type: 'text',
    file: null,
    attached_file: null,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    edited: false,
    parent_id: null,
    parent: null,
    forwarded_id: null,
    forwarded: null,
    user_id: BOB,
    sender: { id: BOB, name: 'Bob' },
    views: 0,
    ...over,
  };
  return {
    op: 'event',
    scope: 'conversation',
    conversation_id: conversationId,
    seq,
    type: 'message.new',
    payload: { message_id: message.id, message },
  };
}

/** Lets the notifier's awaits (lock query, ensure, show) settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let running: Notifier | null = null;
function start(permission: PermissionState = 'granted') {
  const browser = fakeBrowser(permission);
  running = startNotifications(browser.boundary);
  return browser;
}

beforeEach(() => {
  resetBrowserState();
  signIn();
  useAuthStore.setState({ user: { ...sampleUser } });
  useConversationStore.getState().reset();
  useConversationStore.getState().upsert([conversation(5), conversation(6)]);
});

afterEach(() => {
  running?.stop();
  running = null;
  setOpenConversation(null);
  useAuthStore.setState({ user: null });
  useConversationStore.getState().reset();
});

describe('message notifications', () => {
  it('shows a message from someone else while another conversation is open', async () => {
    setOpenConversation(6);
    const { shown } = start();
    running?.noteFrame(frame(5), OWN);
    await settle();
    expect(shown).toEqual([
      {
        title: 'Bob',
        options: {
          body: 'Lunch at noon?',
          tag: 'parley-conversation-5',
          icon: '/avatars/bob.png',
          data: { conversation_id: 5 },
        },
      },
    ]);
  });

  it('shows none for the conversation on screen, but does once the tab is hidden', async () => {
    setOpenConversation(5);
    const { shown } = start();
    running?.noteFrame(frame(5), OWN);
    await settle();
    expect(shown).toHaveLength(0);

    // The browser hides the tab: the property changes, then the event fires.
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    try {
      running?.noteFrame(frame(5, { id: 102 }, 12), OWN);
      await settle();
      expect(shown.map((n) => n.options.body)).toEqual(['Lunch at noon?']);
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
  });

  it('closes a conversation’s notification when it is opened', async () => {
    const { closed } = start();
    setOpenConversation(5);
    await settle();
    expect(closed).toEqual(['parley-conversation-5']);
  });

  it('paranoid mode: the neutral text and the app icon, no name', async () => {
    useAuthStore.setState({ user: { ...sampleUser, paranoid: true } });
    const { shown } = start();
    running?.noteFrame(frame(5, { message: 'the secret plan' }), OWN);
    await settle();
    expect(shown).toEqual([
      expect.objectContaining({
        title: 'Parley',
        options: expect.objectContaining({ body: 'New message', icon: '/icons/icon-192.png' }),
      }),
    ]);
    expect(JSON.stringify(shown)).not.toMatch(/secret plan|Bob/);
  });

  it('a group message names its sender in the body', async () => {
    useConversationStore
      .getState()
      .upsert([conversation(7, { type: 'group', is_group: true, name: 'Climbers', friend: null })]);
    const { shown } = start();
    running?.noteFrame(frame(7, { sender: { id: BOB, name: 'Bartholomew Robertson' } }), OWN);
    await settle();
    expect(shown[0]).toMatchObject({
      title: 'Climbers',
      options: { body: 'Bartholomew Ro…: Lunch at noon?', icon: '/icons/icon-192.png' },
    });
  });

  it('stays quiet for a muted conversation, global mute, notifications off, own messages', async () => {
    useConversationStore
      .getState()
      .upsert([conversation(8, { pivot: { ...conversation(8).pivot, muted: true } })]);
    const { shown } = start();
    running?.noteFrame(frame(8), OWN);
    running?.noteFrame(frame(5, { user_id: OWN, sender: { id: OWN, name: 'Ada' } }), OWN);
    await settle();
    useAuthStore.setState({ user: { ...sampleUser, muted: true } });
    running?.noteFrame(frame(5), OWN);
    await settle();
    useAuthStore.setState({ user: { ...sampleUser, notifications: false } });
    running?.noteFrame(frame(6), OWN);
    await settle();
    expect(shown).toHaveLength(0);
  });

  it('a sign-in notice in System gets through global mute, rendered as a sentence', async () => {
    useAuthStore.setState({ user: { ...sampleUser, muted: true } });
    useConversationStore
      .getState()
      .upsert([conversation(9, { type: 'system', is_system: true, friend: null })]);
    const { shown } = start();
    const notice = JSON.stringify({
      device: 'Firefox on Linux',
      ip: '203.0.113.9',
      at: '2026-03-01T10:00:00Z',
    });
    running?.noteFrame(
      frame(9, { type: 'sign_in', message: notice, user_id: null, sender: null }),
      OWN,
    );
    await settle();
    expect(shown).toHaveLength(1);
    expect(shown[0]?.options.body).toBe(
      'New sign-in: Firefox on Linux, 203.0.113.9, 01/03/2026, 10:00',
    );
  });

  it('considers a message once: a second frame for it shows nothing new', async () => {
    const { shown } = start();
    running?.noteFrame(frame(5), OWN);
    await settle();
    running?.noteFrame(frame(5), OWN); // resumed again after a reconnect
    await settle();
    expect(shown).toHaveLength(1);
  });

  it('shows a message the list already holds when its frame comes after the fetch', async () => {
    // After a reload the list can be fetched after the message was stored and
    // before its frame arrives: the list is at the frame's seq already.
    useConversationStore.getState().upsert([conversation(5, { last_seq: 11 })]);
    const { shown } = start();
    running?.noteFrame(frame(5, {}, 11), OWN);
    await settle();
    expect(shown.map((n) => n.options.tag)).toEqual(['parley-conversation-5']);
  });

  it('stays quiet for a replayed message older than five minutes', async () => {
    const { shown } = start();
    const old = new Date(Date.now() - 6 * 60_000).toISOString();
    running?.noteFrame(frame(5, { created_at: old }), OWN);
    await settle();
    expect(shown).toHaveLength(0);
  });

  it('shows nothing and asks nothing while the browser has not granted permission', async () => {
    const { shown } = start('default');
    running?.noteFrame(frame(5), OWN);
    await settle();
    expect(shown).toHaveLength(0);
  });

  it('a frame that comes before the user is loaded (right after a reload) waits for it', async () => {
    useAuthStore.setState({ user: null });
    const { shown } = start();
    running?.noteFrame(frame(5), OWN);
    await settle();
    expect(shown).toHaveLength(0);
    useAuthStore.setState({ user: { ...sampleUser } }); // GET /user answered
    await settle();
    expect(shown.map((n) => n.options.tag)).toEqual(['parley-conversation-5']);
  });

  it('gives a frame up when the user never loads', async () => {
    vi.useFakeTimers();
    try {
      useAuthStore.setState({ user: null });
      const { shown } = start();
      running?.noteFrame(frame(5), OWN);
      await vi.advanceTimersByTimeAsync(USER_WAIT_MS);
      useAuthStore.setState({ user: { ...sampleUser } });
      await vi.advanceTimersByTimeAsync(10);
      expect(shown).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fetches a conversation it does not hold before deciding', async () => {
    const fresh = conversation(42, { friend: { ...conversation(42).friend!, name: 'Carol' } });
    const fetched = mockFetch((url) =>
      url.endsWith('/user/conversation') ? json(200, fresh) : json(404, {}),
    );
    const { shown } = start();
    running?.noteFrame(frame(42), OWN);
    await settle();
    await settle();
    expect(fetched).toHaveBeenCalled();
    expect(shown[0]).toMatchObject({ title: 'Carol', options: { tag: 'parley-conversation-42' } });
  });
});
