import { vi } from 'vitest';
import type { ServerFrame } from '@parley/protocol/realtime';
import type { RefreshOutcome } from '../api/refresh';
import { RealtimeSocket } from '../api/socket';
import type { SocketDeps, WebSocketLike } from '../api/socket';

// The realtime client's tests drive it through a fake WebSocket injected at
// the boundary; the fake plays the server's side.

export class FakeSocket implements WebSocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000): void {
    this.closedWith = code;
    this.readyState = 3;
  }

  // The server's side.
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  receive(data: unknown): void {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }

  ready(onlineIds: number[] = []): void {
    this.receive({ op: 'ready', user_id: 7, online_user_ids: onlineIds });
  }

  drop(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
}

export const last = () => {
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no socket opened');
  return socket;
};

export function setupSocket(overrides: Partial<SocketDeps> = {}) {
  const frames: ServerFrame[] = [];
  let token = 'access-1';
  const tokenListeners = new Set<(t: string) => void>();
  const wakeListeners = new Set<() => void>();
  const deps: SocketDeps = {
    createSocket: (url) => new FakeSocket(url),
    url: 'ws://parley.test/api/v1/ws',
    getToken: () => token,
    hasRefreshCredential: () => true,
    refresh: vi.fn(async (): Promise<RefreshOutcome> => {
      token = 'access-2';
      return 'refreshed';
    }),
    onAuthFailure: vi.fn(),
    reload: vi.fn(),
    resume: () => ({ user_seq: 41, conversations: { '12': 230, '15': 7 } }),
    onFrame: (frame) => frames.push(frame),
    onTokenSaved: (listener) => {
      tokenListeners.add(listener);
      return () => tokenListeners.delete(listener);
    },
    onWake: (listener) => {
      wakeListeners.add(listener);
      return () => wakeListeners.delete(listener);
    },
    random: () => 0.5,
    log: () => undefined,
    ...overrides,
  };
  const client = new RealtimeSocket(deps);
  return {
    client,
    deps,
    frames,
    saveToken: (t: string) => {
      token = t;
      for (const l of tokenListeners) l(t);
    },
    wake: () => {
      for (const l of wakeListeners) l();
    },
    setToken: (t: string) => (token = t),
  };
}
