import { WebSocket } from 'ws';
import type { BenchUser } from './seed';
import { scanMessageNew } from './frame-scan';
import type { Tracker } from './tracker';

// One authenticated WebSocket per user, as one open browser tab: the hello
// frame carries the token (never the URL), and the socket counts as open once
// `ready` arrives. No Origin header is sent, which the server allows for
// non-browser clients. Compression is off, as the server does not offer it.
// The server's frames are not checked for valid UTF-8 here, and deliveries
// are read without a full parse (frame-scan.ts): the load generator's own
// delay counts as latency, so it keeps its work per frame small.

export interface OpenSocket {
  user: BenchUser;
  socket: WebSocket;
  /** Sends a message over this socket (op `send`); resolves with the reply's status. */
  sendMessage: (body: Record<string, unknown>) => Promise<number>;
  close: () => void;
}

/** Replies to `send` frames by ref: 200 for `sent`, else the refusal's status. */
type Replies = Map<string, (status: number) => void>;

const HELLO_TIMEOUT_MS = 10_000;

export function openSocket(port: number, user: BenchUser, tracker: Tracker): Promise<OpenSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/v1/ws`, {
    perMessageDeflate: false,
    skipUTF8Validation: true,
  });
  const seen = new Set<number>();
  const replies: Replies = new Map();
  let nextRef = 0;
  let closing = false;
  const sendMessage = (body: Record<string, unknown>) =>
    new Promise<number>((resolve, reject) => {
      const ref = String(nextRef++);
      replies.set(ref, resolve);
      socket.send(JSON.stringify({ op: 'send', ref, body }), (error) => {
        if (!error) return;
        replies.delete(ref);
        reject(error);
      });
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`user ${user.index}: no ready within ${HELLO_TIMEOUT_MS} ms`));
    }, HELLO_TIMEOUT_MS);
    socket.on('open', () => {
      socket.send(
        JSON.stringify({ op: 'hello', v: 1, token: user.token, user_seq: 0, conversations: {} }),
      );
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      tracker.error(`ws user ${user.index}: ${error.message}`);
      reject(error);
    });
    socket.on('close', (code, reason) => {
      clearTimeout(timer);
      if (!closing) tracker.error(`ws user ${user.index} closed ${code} ${reason.toString()}`);
    });
    socket.on('message', (data) => {
      const text = String(data);
      const delivery = scanMessageNew(text);
      if (delivery) return tracker.delivery(seen, delivery.id, delivery.uuid, delivery.text);
      const frame = JSON.parse(text) as {
        op?: string;
        scope?: string;
        type?: string;
        payload?: { message?: { id?: number; uuid?: string; message?: string } };
        message?: string;
        ref?: string;
        status?: number;
      };
      if ((frame.op === 'sent' || frame.op === 'send_failed') && frame.ref !== undefined) {
        const settle = replies.get(frame.ref);
        replies.delete(frame.ref);
        settle?.(frame.op === 'sent' ? 200 : (frame.status ?? 0));
        return;
      }
      if (frame.op === 'ready') {
        clearTimeout(timer);
        resolve({
          user,
          socket,
          sendMessage,
          close: () => {
            closing = true;
            socket.close(1000, 'bench done');
          },
        });
        return;
      }
      if (frame.op === 'event' && frame.scope === 'conversation' && frame.type === 'message.new') {
        const message = frame.payload?.message;
        if (typeof message?.id === 'number' && typeof message.uuid === 'string') {
          tracker.delivery(seen, message.id, message.uuid, message.message ?? '');
        }
        return;
      }
      // A refetch means the server gave up delivering in order: that is a failure here.
      if (frame.op === 'refetch' || frame.op === 'error') {
        tracker.error(`ws user ${user.index}: ${JSON.stringify(frame).slice(0, 200)}`);
      }
    });
  });
}
