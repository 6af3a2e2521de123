import { vi } from 'vitest';
import { STORAGE_KEYS } from '@parley/protocol/constants';
import type { Conversation, Pivot } from '@parley/protocol/conversation';
import type { Message } from '@parley/protocol/message';
import type { User } from '@parley/protocol/user';

// Test helpers: only `fetch` is replaced, with replies shaped like the server's.

export type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

export function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function mockFetch(handler: Handler) {
  const spy = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', spy);
  return spy;
}

export function headerOf(init: RequestInit | undefined, name: string): string | null {
  return new Headers(init?.headers).get(name);
}

export function bodyOf(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? JSON.parse(init.body) : null;
}

export const tokenPair = (n: number) => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  token_type: 'Bearer',
  expires_in: 900,
});

export const sampleUser: User = {
  id: 7,
  name: 'Ada Lovelace',
  username: 'ada',
  login: 'ada@example.org',
  status: null,
  timezone: 'Europe/London',
  avatar: null,
  secret_exists: false,
  secret_hint: null,
  notifications: true,
  paranoid: false,
  muted: false,
  hide_status: false,
  allow_search: true,
  load_links: true,
  max_time_inactive: null,
  who_can_add: 'contacts',
  can: [],
  created_at: '2026-01-01T00:00:00.000Z',
};

/** Forget every credential and cookie between tests. */
export function resetBrowserState(): void {
  for (const name of [STORAGE_KEYS.tokenCookie, 'XSRF-TOKEN']) {
    document.cookie = `${name}=; path=/; max-age=0`;
  }
  localStorage.clear();
  sessionStorage.clear();
}

export function signIn(access = 'access-1', refresh: string | null = 'refresh-1'): void {
  document.cookie = `${STORAGE_KEYS.tokenCookie}=${access}; path=/`;
  if (refresh) localStorage.setItem(STORAGE_KEYS.refreshToken, refresh);
}

/** A member's pivot with the defaults of a fresh link; tests name only what differs. */
export function samplePivot(over: Partial<Pivot> = {}): Pivot {
  return {
    muted: false,
    blocked: false,
    pinned: false,
    hidden: false,
    new_messages: 0,
    mentioned_message_id: null,
    last_read_message_id: null,
    cleared: 0,
    folder_id: null,
    notifications: true,
    keyboard: null,
    role: null,
    ...over,
  };
}

/** A group conversation as the list sends it, with a fresh pivot; tests name only what differs. */
export function sampleConversation(over: Partial<Conversation> = {}): Conversation {
  return {
    id: 1,
    type: 'group',
    name: 'Chat',
    description: null,
    avatar: null,
    created_at: '2026-01-01T00:00:00.000Z',
    last_message_at: null,
    is_group: true,
    is_channel: false,
    is_saved: false,
    is_system: false,
    is_secret: false,
    is_official: false,
    friend: null,
    pinned_message: null,
    current_user: { last_message: null },
    pivot: samplePivot(),
    last_seq: 1,
    ...over,
  };
}

/** A text message in conversation 5 from user 7 (Ada); tests name only what differs. */
export function sampleMessage(id: number, uuid: string, over: Partial<Message> = {}): Message {
  const userId = over.user_id ?? 7;
  return {
    id,
    conversation_id: 5,
    uuid,
    message: `text ${id}`,
    type: 'text',
    file: null,
    attached_file: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    edited: false,
    parent_id: null,
    parent: null,
    forwarded_id: null,
    forwarded: null,
    user_id: userId,
    sender: { id: userId, name: 'Ada' },
    views: 0,
    ...over,
  };
}
