import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@parley/protocol/message';
import { sendMessage } from '../features/messages/api';
import { json, mockFetch, resetBrowserState, signIn } from '../test/http-fixtures';
import { FakeSocket, last, setupSocket } from '../test/socket-fakes';
import { ApiError } from './errors';
import { setActiveSocket } from './socket';
import { SOCKET_SEND_TIMEOUT_MS, SocketSendLost } from './socket-sends';

// Sending over the socket (op `send`) and the fall-back to HTTP with the same
// uuid when no reply comes: the fake WebSocket plays the server.

const body = {
  conversation_id: 12,
  uuid: '0b8f2a52-4f7c-4b0e-9a57-2d1f5a3c9e11',
  message: 'over the socket',
};

const stored: Message = {
  id: 501,
  conversation_id: 12,
  uuid: body.uuid,
  message: body.message,
  type: 'text',
  file: null,
  attached_file: null,
  created_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
  edited: false,
  parent_id: null,
  parent: null,
  forwarded_id: null,
  forwarded: null,
  user_id: 7,
  sender: { id: 7, name: 'Ada' },
  views: 0,
};

/** A started client whose socket finished its handshake. */
function connected() {
  const setup = setupSocket();
  setup.client.start();
  last().open();
  last().ready();
  return { ...setup, socket: last() };
}

/** The `send` frames the fake server received. */
const sends = (socket: FakeSocket) =>
  socket.sent.filter((f): f is { op: 'send'; ref: string; body: unknown } => {
    return (f as { op?: string }).op === 'send';
  });

beforeEach(() => {
  FakeSocket.all = [];
  resetBrowserState();
  signIn();
});
afterEach(() => {
  setActiveSocket(null);
  vi.useRealTimers();
});

describe('RealtimeSocket.sendMessage', () => {
  it('writes a send frame and resolves with the message of its `sent` reply', async () => {
    const { client, socket, frames } = connected();
    const reply = client.sendMessage(body);
    expect(reply).not.toBeNull();
    const [frame] = sends(socket);
    expect(frame).toEqual({ op: 'send', ref: expect.any(String), body });
    // Another send's reply first: each is matched by its own ref.
    socket.receive({ op: 'sent', ref: 'someone-else', message: { ...stored, id: 1 } });
    socket.receive({ op: 'sent', ref: frame?.ref, message: stored });
    await expect(reply).resolves.toEqual(stored);
    // Replies are the sender's business, not the stores'.
    expect(frames.filter((f) => f.op !== 'ready')).toEqual([]);
  });

  it('rejects a refusal as the ApiError HTTP would give', async () => {
    const { client, socket } = connected();
    const reply = client.sendMessage(body);
    const error = { message: 'The given data was invalid.', errors: { message: ['Too long.'] } };
    socket.receive({ op: 'send_failed', ref: sends(socket)[0]?.ref, status: 422, error });
    const failure = await reply?.catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 422, reply: error });
  });

  it('rejects with SocketSendLost when the socket drops, on 429, and when no reply comes', async () => {
    vi.useFakeTimers();
    const { client, socket } = connected();
    const dropped = client.sendMessage(body);
    socket.drop(1006);
    await expect(dropped).rejects.toBeInstanceOf(SocketSendLost);

    // Reconnected: a 429 (too many at once on this socket) and a silent server.
    vi.runOnlyPendingTimers();
    last().open();
    last().ready();
    const limited = client.sendMessage(body);
    const silent = client.sendMessage({ ...body, uuid: 'c3b1d4e2-0f3a-4b5c-8d7e-9f0a1b2c3d4e' });
    last().receive({
      op: 'send_failed',
      ref: sends(last())[0]?.ref,
      status: 429,
      error: { message: 'Too many requests.' },
    });
    await expect(limited).rejects.toBeInstanceOf(SocketSendLost);
    vi.advanceTimersByTime(SOCKET_SEND_TIMEOUT_MS);
    await expect(silent).rejects.toBeInstanceOf(SocketSendLost);
  });

  it('is null before the handshake: the caller uses HTTP', () => {
    const { client } = setupSocket();
    client.start();
    last().open();
    expect(client.sendMessage(body)).toBeNull();
  });
});

describe('sendMessage (messages api)', () => {
  it('goes over the connected socket and makes no HTTP request', async () => {
    const fetched = mockFetch(() => json(500, {}));
    const { client, socket } = connected();
    setActiveSocket(client);
    const reply = sendMessage(body);
    socket.receive({ op: 'sent', ref: sends(socket)[0]?.ref, message: stored });
    await expect(reply).resolves.toEqual(stored);
    expect(fetched).not.toHaveBeenCalled();
  });

  it('sends the same body (same uuid) over HTTP when the socket drops before the reply', async () => {
    const fetched = mockFetch((url) =>
      url.endsWith('/user/messages') ? json(200, stored) : json(404, {}),
    );
    const { client, socket } = connected();
    setActiveSocket(client);
    const reply = sendMessage(body);
    socket.drop(1006);
    await expect(reply).resolves.toEqual(stored);
    expect(fetched).toHaveBeenCalledTimes(1);
    const [, init] = fetched.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual(body);
  });

  it('uses HTTP when no socket is connected', async () => {
    const fetched = mockFetch(() => json(200, stored));
    await expect(sendMessage(body)).resolves.toEqual(stored);
    expect(fetched).toHaveBeenCalledTimes(1);
  });
});
