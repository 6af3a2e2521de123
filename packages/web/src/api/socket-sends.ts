import type { Message, SendMessageRequest } from '@parley/protocol/message';
import type { ClientFrame, ServerFrame } from '@parley/protocol/realtime';
import { ApiError } from './errors';
import { tooManyRequests } from './too-many';

// Messages sent over the tab's socket (op `send`, docs/REALTIME.md
// "Sending"), matched to their `sent` / `send_failed` reply by `ref`. The
// server runs the same call as POST /user/messages, minus the HTTP request
// around it. A send whose socket goes away, or whose reply is late, rejects
// with SocketSendLost: the caller sends the same body (the same uuid) over
// HTTP, and the server's idempotency makes that safe even when the first
// one was stored.

/** Past this without a reply the send is handed to HTTP (same uuid). */
export const SOCKET_SEND_TIMEOUT_MS = 10_000;

/** No reply came over the socket: send it again over HTTP. */
export class SocketSendLost extends Error {
  override readonly name = 'SocketSendLost';
}

type Reply = Extract<ServerFrame, { op: 'sent' | 'send_failed' }>;

type Waiting = {
  resolve: (message: Message) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
};

export class SocketSends {
  private readonly waiting = new Map<string, Waiting>();
  private next = 0;

  /** Writes the send with `write`; null when it could not be written. */
  send(write: (frame: ClientFrame) => boolean, body: SendMessageRequest): Promise<Message> | null {
    const ref = `s${++this.next}`;
    if (!write({ op: 'send', ref, body })) return null;
    return new Promise<Message>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(ref);
        reject(new SocketSendLost('no reply over the socket in time'));
      }, SOCKET_SEND_TIMEOUT_MS);
      this.waiting.set(ref, { resolve, reject, timer });
    });
  }

  /** A reply frame: settles its send (a reply nobody waits for is dropped). */
  settle(reply: Reply): void {
    const waiting = this.waiting.get(reply.ref);
    if (!waiting) return;
    this.waiting.delete(reply.ref);
    clearTimeout(waiting.timer);
    if (reply.op === 'sent') return waiting.resolve(reply.message);
    if (reply.status === 429) {
      // Too many at once on this socket (no retry time): HTTP takes it instead of failing it.
      const wait = reply.error.retry_after;
      if (wait === undefined) return waiting.reject(new SocketSendLost('socket send limit'));
      // A limit with a retry time (sends per user, slow mode): as HTTP's 429 would.
      tooManyRequests(wait);
    }
    waiting.reject(new ApiError(reply.status, '', reply.error));
  }

  /** The socket is gone: every send still waiting goes over HTTP. */
  abandonAll(): void {
    for (const waiting of this.waiting.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(new SocketSendLost('the socket closed before the reply'));
    }
    this.waiting.clear();
  }
}
