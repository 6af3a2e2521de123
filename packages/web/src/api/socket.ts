import { API_BASE } from '@parley/protocol/constants';
import {
  REALTIME_PROTOCOL_VERSION,
  WS_CLOSE,
  clientFrameSchema,
  serverFrameSchema,
} from '@parley/protocol/realtime';
import type { ClientFrame, ServerFrame } from '@parley/protocol/realtime';
import type { Message, SendMessageRequest } from '@parley/protocol/message';
import type { RefreshOutcome } from './refresh';
import { SocketSends } from './socket-sends';

// The realtime client (docs/REALTIME.md): one WebSocket per tab, `hello`
// first with the token and the resume positions, `auth` after every token
// refresh, reconnect with exponential backoff and jitter, close codes acted
// on. Every incoming frame is parsed with the protocol schema; garbage is
// dropped. The browser and the app are reached only through `SocketDeps`, so
// tests inject a fake WebSocket, timers and events.

/** What the socket needs of a WebSocket (the browser's one fits). */
export type WebSocketLike = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
};

const OPEN = 1;

/** The browser's WebSocket behind the narrow interface. */
export function browserSocket(url: string): WebSocketLike {
  const ws = new WebSocket(url);
  const like: WebSocketLike = {
    get readyState() {
      return ws.readyState;
    },
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  ws.onopen = (event) => like.onopen?.(event);
  ws.onmessage = (event) => like.onmessage?.({ data: event.data });
  ws.onclose = (event) => like.onclose?.({ code: event.code, reason: event.reason });
  ws.onerror = (event) => like.onerror?.(event);
  return like;
}

export type ResumePositions = { user_seq: number; conversations: Record<string, number> };

export type SocketStatus = 'idle' | 'connecting' | 'ready' | 'waiting' | 'stopped';

export type SocketDeps = {
  createSocket: (url: string) => WebSocketLike;
  url: string;
  getToken: () => string | null;
  hasRefreshCredential: () => boolean;
  refresh: () => Promise<RefreshOutcome>;
  /** Sign out through the app's auth-failure path. */
  onAuthFailure: () => void | Promise<void>;
  /** Reload the page (4002); called at most once per page life and guarded across reloads. */
  reload: () => void;
  resume: () => ResumePositions;
  /** Every valid frame after the handshake, `ready` included. */
  onFrame: (frame: ServerFrame) => void;
  onStatus?: (status: SocketStatus) => void;
  /** Subscribes to token saves; returns the unsubscribe. */
  onTokenSaved: (listener: (token: string) => void) => () => void;
  /** Subscribes to "reconnect now" signals (online, tab visible); returns the unsubscribe. */
  onWake: (listener: () => void) => () => void;
  random?: () => number;
  log?: (message: string, detail?: unknown) => void;
};

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;

/** Exponential backoff with jitter: attempt 0 → 0.5–1 s, doubling, capped at 30 s. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** ws:// or wss:// by the page's protocol. */
export function socketUrl(location: { protocol: string; host: string }): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${API_BASE}/ws`;
}

/** A frame from the server, or null when it breaks the contract (never cast). */
export function parseServerFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = serverFrameSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export class RealtimeSocket {
  private socket: WebSocketLike | null = null;
  private status: SocketStatus = 'idle';
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private unsubscribe: (() => void)[] = [];
  /** 4001 right after a refresh: do not refresh in a loop, back off instead. */
  private authRetried = false;
  private reloaded = false;
  /** The token the last hello carried: a 4001 after someone else refreshed needs no refresh. */
  private helloToken: string | null = null;
  private refreshing = false;
  private readonly sends = new SocketSends();

  constructor(private readonly deps: SocketDeps) {}

  get state(): SocketStatus {
    return this.status;
  }

  start(): void {
    if (this.status !== 'idle' && this.status !== 'stopped') return;
    this.unsubscribe = [
      this.deps.onTokenSaved((token) => {
        if (this.status === 'ready') this.write({ op: 'auth', token });
      }),
      this.deps.onWake(() => this.wake()),
    ];
    this.connect();
  }

  stop(): void {
    this.setStatus('stopped');
    this.clearTimer();
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    this.dropSocket(1000, 'bye');
  }

  /** Sends a frame when the handshake is done; false when it was not sent. */
  send(frame: ClientFrame): boolean {
    if (this.status !== 'ready') return false;
    return this.write(frame);
  }

  /**
   * Sends a message over the socket when the handshake is done; null when
   * not (the caller uses HTTP). Rejects with SocketSendLost when no reply
   * comes (socket gone, too late), with an ApiError when the server refused.
   */
  sendMessage(body: SendMessageRequest): Promise<Message> | null {
    if (this.status !== 'ready') return null;
    return this.sends.send((frame) => this.write(frame), body);
  }

  /** Online again or the tab became visible: a waiting socket connects at once. */
  wake(): void {
    if (this.status !== 'waiting' || this.refreshing) return;
    this.clearTimer();
    this.attempt = 0;
    this.connect();
  }

  /**
   * The browser went offline: an open socket may linger half-dead, so it is
   * dropped now and the next `online` (wake) connects and resumes.
   */
  offline(): void {
    if (this.status === 'stopped' || this.status === 'idle') return;
    this.dropSocket(1000, 'offline');
    this.retryLater();
  }

  private write(frame: ClientFrame): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    // The client checks its own frames too: a bug here must not cost a 4003.
    const checked = clientFrameSchema.safeParse(frame);
    if (!checked.success) {
      this.log('refused to send an invalid frame', checked.error.issues);
      return false;
    }
    socket.send(JSON.stringify(checked.data));
    return true;
  }

  private connect(): void {
    if (this.status === 'stopped') return;
    const token = this.deps.getToken();
    if (!token) {
      // The access cookie is gone (expired): refresh first, as a 4001 would.
      void this.reauthenticate();
      return;
    }
    this.dropSocket(1000, 'replaced'); // never two sockets per tab
    this.setStatus('connecting');
    let socket: WebSocketLike;
    try {
      socket = this.deps.createSocket(this.deps.url);
    } catch (error) {
      this.log('could not open the socket', error);
      this.retryLater();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const resume = this.deps.resume();
      this.helloToken = this.deps.getToken() ?? token;
      this.write({
        op: 'hello',
        v: REALTIME_PROTOCOL_VERSION,
        token: this.helloToken,
        user_seq: resume.user_seq,
        conversations: resume.conversations,
      });
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.receive(event.data);
    };
    socket.onerror = () => undefined; // a close event always follows
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.closed(event.code);
    };
  }

  private receive(data: unknown): void {
    const frame = parseServerFrame(data);
    if (!frame) {
      this.log('dropped a frame that breaks the contract', data);
      return;
    }
    if (frame.op === 'version_mismatch') {
      this.versionMismatch();
      return;
    }
    if (frame.op === 'ready') {
      this.attempt = 0;
      this.authRetried = false;
      this.setStatus('ready');
    }
    if (frame.op === 'pong') return;
    if (frame.op === 'sent' || frame.op === 'send_failed') return this.sends.settle(frame);
    this.deps.onFrame(frame);
  }

  private closed(code: number): void {
    if (this.status === 'stopped') return;
    if (code === WS_CLOSE.versionMismatch) {
      this.versionMismatch();
      return;
    }
    if (code === WS_CLOSE.unauthenticated && !this.authRetried) {
      void this.reauthenticate();
      return;
    }
    this.retryLater();
  }

  private async reauthenticate(): Promise<void> {
    if (!this.deps.hasRefreshCredential()) {
      this.setStatus('stopped');
      await this.deps.onAuthFailure();
      return;
    }
    this.setStatus('waiting');
    this.authRetried = true;
    const current = this.deps.getToken();
    if (current && this.helloToken !== null && current !== this.helloToken) {
      this.connect(); // refreshed meanwhile (an HTTP 401, another tab): use the new token
      return;
    }
    this.refreshing = true;
    let outcome: RefreshOutcome;
    try {
      outcome = await this.deps.refresh();
    } finally {
      this.refreshing = false;
    }
    if (this.status === 'stopped') return;
    if (outcome === 'refreshed') this.connect();
    else if (outcome === 'offline') this.retryLater();
    else this.setStatus('stopped'); // rejected: the refresh already signed the user out
  }

  private versionMismatch(): void {
    this.clearTimer();
    this.dropSocket(1000, 'version mismatch');
    this.setStatus('stopped');
    if (this.reloaded) return;
    this.reloaded = true;
    this.deps.reload();
  }

  private retryLater(): void {
    if (this.status === 'stopped') return;
    this.setStatus('waiting');
    this.clearTimer();
    const delay = backoffDelay(this.attempt, this.deps.random);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.authRetried = false;
      this.connect();
    }, delay);
  }

  private dropSocket(code: number, reason: string): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close(code, reason);
    } catch {
      // already closing
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private setStatus(status: SocketStatus): void {
    if (this.status === status) return;
    // No longer connected: replies to sends on the old socket will not come.
    if (this.status === 'ready') this.sends.abandonAll();
    this.status = status;
    this.deps.onStatus?.(status);
  }

  private log(message: string, detail?: unknown): void {
    (this.deps.log ?? ((m: string, d?: unknown) => console.warn(`realtime: ${m}`, d)))(
      message,
      detail,
    );
  }
}

let active: RealtimeSocket | null = null;

/** The tab's one socket (set by the chat shell while it runs; null when signed out). */
export function setActiveSocket(socket: RealtimeSocket | null): void {
  active = socket;
}

/** A message over the tab's socket when it is connected; null otherwise (see RealtimeSocket.sendMessage). */
export function sendMessageOverSocket(body: SendMessageRequest): Promise<Message> | null {
  return active?.sendMessage(body) ?? null;
}

/** Sends on the tab's socket when it is connected; false otherwise (typing is best effort). */
export function sendRealtime(frame: ClientFrame): boolean {
  return active?.send(frame) ?? false;
}
