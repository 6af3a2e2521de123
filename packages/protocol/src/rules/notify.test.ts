import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXT_CUT, NOTIFY_MAX_AGE_MS, decideNotification } from './notify';
import type { NotifyInput } from './notify';

const now = Date.parse('2026-05-01T12:00:00Z');

type Overrides = {
  user?: Partial<NotifyInput['user']>;
  conversation?: Partial<Omit<NotifyInput['conversation'], 'pivot'>>;
  pivot?: Partial<NotifyInput['conversation']['pivot']>;
  message?: Partial<NotifyInput['message']>;
  onScreen?: boolean;
};

/** A direct message from Bob to Ann (id 1), fresh, unread, every switch at its default. */
function input(o: Overrides = {}): NotifyInput {
  return {
    user: { id: 1, notifications: true, muted: false, paranoid: false, ...o.user },
    conversation: {
      type: 'direct',
      title: 'Bob',
      blocked: false,
      ...o.conversation,
      pivot: { muted: false, notifications: true, last_read_message_id: 10, ...o.pivot },
    },
    message: {
      id: 11,
      user_id: 2,
      sender_name: 'Bob',
      text: 'Lunch at noon?',
      created_at: new Date(now - 1000).toISOString(),
      ...o.message,
    },
    onScreen: o.onScreen ?? false,
    now,
    neutral: { title: 'Parley', body: 'New message' },
  };
}

const reasonOf = (o: Overrides) => {
  const decision = decideNotification(input(o));
  return decision.show ? null : decision.reason;
};

describe('decideNotification: what is shown', () => {
  it('a direct message: the friend as title, the text as body', () => {
    expect(decideNotification(input())).toEqual({
      show: true,
      title: 'Bob',
      body: 'Lunch at noon?',
      identifies: true,
    });
  });

  it('a group message names the sender, cut at 14 characters like the list preview', () => {
    const decision = decideNotification(
      input({
        conversation: { type: 'group', title: 'Climbers' },
        message: { sender_name: 'Alexander Graham Bell' },
      }),
    );
    expect(decision).toMatchObject({
      show: true,
      title: 'Climbers',
      body: 'Alexander Grah…: Lunch at noon?',
    });
  });

  it('a channel post notifies (the reader did not mute it) and names its sender', () => {
    const decision = decideNotification(
      input({ conversation: { type: 'channel', title: 'News' }, message: { sender_name: 'Ed' } }),
    );
    expect(decision).toMatchObject({ show: true, title: 'News', body: 'Ed: Lunch at noon?' });
  });

  it('puts the text on one line and cuts it', () => {
    const long = `${'a'.repeat(NOTIFICATION_TEXT_CUT)}b`;
    expect(decideNotification(input({ message: { text: 'one\n\n two ' } }))).toMatchObject({
      body: 'one two',
    });
    expect(decideNotification(input({ message: { text: long } }))).toMatchObject({
      body: `${'a'.repeat(NOTIFICATION_TEXT_CUT)}…`,
    });
  });

  it('paranoid mode: the neutral title and text, no sender, no message text', () => {
    const decision = decideNotification(
      input({
        user: { paranoid: true },
        conversation: { type: 'group', title: 'Climbers' },
        message: { text: 'the secret plan' },
      }),
    );
    expect(decision).toEqual({
      show: true,
      title: 'Parley',
      body: 'New message',
      identifies: false,
    });
  });

  it('a System notice (sender null) has no sender prefix', () => {
    const decision = decideNotification(
      input({
        conversation: { type: 'system', title: 'Parley' },
        message: { user_id: null, sender_name: null, text: 'New sign-in: Firefox' },
      }),
    );
    expect(decision).toMatchObject({ show: true, title: 'Parley', body: 'New sign-in: Firefox' });
  });
});

describe('decideNotification: what suppresses it', () => {
  it('own messages', () => {
    expect(reasonOf({ message: { user_id: 1 } })).toBe('own');
  });

  it('messages already read (on another device)', () => {
    expect(reasonOf({ message: { id: 10 } })).toBe('read');
    expect(reasonOf({ message: { id: 11 }, pivot: { last_read_message_id: null } })).toBeNull();
  });

  it('messages older than the window (a resume after a long absence)', () => {
    const at = (ms: number) => new Date(now - ms).toISOString();
    expect(reasonOf({ message: { created_at: at(NOTIFY_MAX_AGE_MS + 1) } })).toBe('stale');
    expect(reasonOf({ message: { created_at: at(NOTIFY_MAX_AGE_MS) } })).toBeNull();
    // A clock behind the server's: the message seems to come from the future.
    expect(reasonOf({ message: { created_at: at(-60_000) } })).toBeNull();
  });

  it('the global notifications switch off', () => {
    expect(reasonOf({ user: { notifications: false } })).toBe('notifications_off');
  });

  it('global mute', () => {
    expect(reasonOf({ user: { muted: true } })).toBe('muted');
  });

  it('a muted conversation', () => {
    expect(reasonOf({ pivot: { muted: true } })).toBe('conversation_muted');
  });

  it("a conversation whose notifications are off (its pivot's switch)", () => {
    expect(reasonOf({ pivot: { notifications: false } })).toBe('conversation_off');
  });

  it('a blocked conversation', () => {
    expect(reasonOf({ conversation: { blocked: true } })).toBe('blocked');
  });

  it('the conversation open in a visible tab', () => {
    expect(reasonOf({ onScreen: true })).toBe('on_screen');
  });

  it('muted channels stay quiet like any muted conversation', () => {
    expect(reasonOf({ conversation: { type: 'channel' }, pivot: { muted: true } })).toBe(
      'conversation_muted',
    );
  });
});

describe('decideNotification: account notices in System', () => {
  const notice = {
    conversation: { type: 'system' as const, title: 'Parley' },
    message: { user_id: null, sender_name: null, text: 'New sign-in' },
  };

  it('get through global mute and the conversation mute and switch', () => {
    expect(reasonOf({ ...notice, user: { muted: true } })).toBeNull();
    expect(reasonOf({ ...notice, pivot: { muted: true } })).toBeNull();
    expect(reasonOf({ ...notice, pivot: { notifications: false } })).toBeNull();
  });

  it('but not through the master switch, nor when on screen or already read', () => {
    expect(reasonOf({ ...notice, user: { notifications: false } })).toBe('notifications_off');
    expect(reasonOf({ ...notice, onScreen: true })).toBe('on_screen');
    expect(reasonOf({ ...notice, message: { ...notice.message, id: 5 } })).toBe('read');
  });

  it('paranoid mode hides their text too', () => {
    expect(decideNotification(input({ ...notice, user: { paranoid: true } }))).toMatchObject({
      body: 'New message',
      identifies: false,
    });
  });

  it('a person writing in a system-typed conversation is not a notice', () => {
    expect(
      reasonOf({
        conversation: { type: 'system' },
        user: { muted: true },
        message: { user_id: 3 },
      }),
    ).toBe('muted');
  });
});

describe('decideNotification: group service lines', () => {
  it('never notifies a service line, while a message from the same person does', () => {
    const group = { conversation: { type: 'group' as const, title: 'Trip' } };
    expect(reasonOf({ ...group, message: { type: 'group_notice', text: 'Bob joined' } })).toBe(
      'service_line',
    );
    expect(reasonOf({ ...group, message: { type: 'text' } })).toBeNull();
  });
});
