import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_PROTOCOL_VERSION, WS_CLOSE } from '@parley/protocol/realtime';
import { BACKOFF_CAP_MS, backoffDelay, parseServerFrame, socketUrl } from './socket';
import { FakeSocket, last, setupSocket as setup } from '../test/socket-fakes';

// The socket client against a fake WebSocket injected at the boundary (test/socket-fakes.ts).

describe('RealtimeSocket', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens one socket and says hello first with the token and the resume positions', () => {
    const { client } = setup();
    client.start();
    client.start(); // a second start changes nothing
    expect(FakeSocket.all).toHaveLength(1);
    last().open();
    expect(last().url).toBe('ws://parley.test/api/v1/ws');
    expect(last().sent).toEqual([
      {
        op: 'hello',
        v: REALTIME_PROTOCOL_VERSION,
        token: 'access-1',
        user_seq: 41,
        conversations: { '12': 230, '15': 7 },
      },
    ]);
    last().ready([3]);
    expect(client.state).toBe('ready');
  });

  it('passes parsed frames on and refuses garbage', () => {
    const { client, frames } = setup();
    client.start();
    last().open();
    last().ready([3, 4]);
    last().receive('not json {');
    last().receive({ op: 'nonsense' });
    last().receive({ op: 'presence', user_id: 'three', online: true });
    last().receive({ op: 'event', scope: 'conversation', conversation_id: 1, seq: 1 });
    last().receive({ op: 'presence', user_id: 3, online: false });
    last().receive({ op: 'pong' });
    expect(frames).toEqual([
      { op: 'ready', user_id: 7, online_user_ids: [3, 4] },
      { op: 'presence', user_id: 3, online: false },
    ]);
  });

  it('sends auth with the new token after every refresh, only when connected', () => {
    const { client, saveToken } = setup();
    client.start();
    saveToken('early'); // before the handshake: the hello will carry the current token
    last().open();
    expect(last().sent).toHaveLength(1);
    last().ready();
    saveToken('access-9');
    expect(last().sent.at(-1)).toEqual({ op: 'auth', token: 'access-9' });
    client.stop();
    saveToken('access-10');
    expect(last().sent.at(-1)).toEqual({ op: 'auth', token: 'access-9' });
  });

  it('reconnects with exponential backoff and jitter, capped, reset by ready', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 0.5)).toBe(6000);
    expect(backoffDelay(20, () => 1)).toBe(BACKOFF_CAP_MS);

    const { client } = setup();
    client.start();
    last().drop(1006);
    expect(client.state).toBe('waiting');
    vi.advanceTimersByTime(749);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1); // 0.75 s at attempt 0
    expect(FakeSocket.all).toHaveLength(2);
    last().drop(1006);
    vi.advanceTimersByTime(1499);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1); // 1.5 s at attempt 1
    expect(FakeSocket.all).toHaveLength(3);
    last().open();
    last().ready();
    last().drop(WS_CLOSE.goingAway);
    vi.advanceTimersByTime(750); // back to the first delay
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('reconnects at once when the browser is online again or the tab visible', () => {
    const { client, wake } = setup();
    client.start();
    last().drop(1006);
    last().drop(1006); // a stale close of the same socket changes nothing
    expect(FakeSocket.all).toHaveLength(1);
    wake();
    expect(FakeSocket.all).toHaveLength(2);
    wake(); // connecting already: no second socket
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('offline drops a lingering socket; the wake on online resumes', () => {
    const { client, wake } = setup();
    client.start();
    const first = last();
    first.open();
    first.ready();
    client.offline();
    expect(first.closedWith).toBe(1000);
    expect(client.state).toBe('waiting');
    wake();
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    expect(last().sent[0]).toMatchObject({ op: 'hello', user_seq: 41 });
  });

  it('4001: refreshes the token, then reconnects with the new one', async () => {
    const { client, deps } = setup();
    client.start();
    last().open();
    last().drop(WS_CLOSE.unauthenticated);
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    last().open();
    expect(last().sent[0]).toMatchObject({ op: 'hello', token: 'access-2' });
    // A second 4001 right after a refresh does not refresh in a loop: it backs off.
    last().drop(WS_CLOSE.unauthenticated);
    await Promise.resolve();
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    expect(client.state).toBe('waiting');
  });

  it('4001 after the token was refreshed elsewhere reconnects without a second refresh', () => {
    const { client, deps, setToken } = setup();
    client.start();
    last().open();
    setToken('access-from-http-refresh');
    last().drop(WS_CLOSE.unauthenticated);
    expect(deps.refresh).not.toHaveBeenCalled();
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    expect(last().sent[0]).toMatchObject({ token: 'access-from-http-refresh' });
  });

  it('4001 without a refresh credential signs out through the auth-failure path', async () => {
    const { client, deps } = setup({ hasRefreshCredential: () => false });
    client.start();
    last().open();
    last().drop(WS_CLOSE.unauthenticated);
    await Promise.resolve();
    expect(deps.onAuthFailure).toHaveBeenCalledTimes(1);
    expect(deps.refresh).not.toHaveBeenCalled();
    expect(client.state).toBe('stopped');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('no access token at start: refreshes before opening a socket', async () => {
    const ctx = setup();
    ctx.setToken('');
    ctx.client.start();
    expect(FakeSocket.all).toHaveLength(0);
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    expect(ctx.deps.refresh).toHaveBeenCalledTimes(1);
  });

  it('4002 and version_mismatch reload the page once and stop', () => {
    const { client, deps } = setup();
    client.start();
    last().open();
    last().receive({ op: 'version_mismatch', server_v: 2 });
    last().drop(WS_CLOSE.versionMismatch);
    expect(deps.reload).toHaveBeenCalledTimes(1);
    expect(client.state).toBe('stopped');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    const other = setup();
    other.client.start();
    last().drop(WS_CLOSE.versionMismatch);
    expect(other.deps.reload).toHaveBeenCalledTimes(1);
  });

  it('stop closes the socket and cancels the reconnect; send needs the handshake', () => {
    const { client } = setup();
    client.start();
    const first = last();
    first.open();
    expect(client.send({ op: 'typing', conversation_id: 5, state: 'start' })).toBe(false);
    first.ready();
    expect(client.send({ op: 'typing', conversation_id: 5, state: 'start' })).toBe(true);
    expect(first.sent.at(-1)).toEqual({ op: 'typing', conversation_id: 5, state: 'start' });
    first.drop(1006);
    client.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('helpers', () => {
  it('picks ws:// or wss:// by the page protocol', () => {
    expect(socketUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe(
      'ws://localhost:8080/api/v1/ws',
    );
    expect(socketUrl({ protocol: 'https:', host: 'chat.example.org' })).toBe(
      'wss://chat.example.org/api/v1/ws',
    );
  });

  it('parses frames with the protocol schema', () => {
    expect(parseServerFrame('{"op":"pong"}')).toEqual({ op: 'pong' });
    expect(parseServerFrame(new ArrayBuffer(2))).toBeNull();
    expect(parseServerFrame('{"op":"ready","user_id":0,"online_user_ids":[]}')).toBeNull();
  });
});
