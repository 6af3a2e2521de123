import { afterAll, beforeAll, expect } from 'vitest';
import type { ServerFrame } from '@parley/protocol/realtime';
import { applyEvents, comparable, conversationFetcher, fetchState } from './client-state';
import type { Client, Server } from './harness';
import { person } from './messaging';
import type { Person } from './messaging';
import { sleep, TestSocket } from './realtime';
import type { Backend } from './stores';
import { useSuiteServer } from './suite';

// The sync-equivalence suites' check ("verify action"): for every event type
// the server emits, a client's state fetched over HTTP, plus the events its
// socket delivered for one action, must equal the state fetched again after
// the action. A difference is a sync bug: an event that does not carry what
// the client needs. The applier and what it derives are in client-state.ts.

/**
 * Every event type the server emits, by the suite that exercises it. Each
 * suite checks that it exercised exactly its share, and that the shares
 * together are every type of the protocol's frames.
 */
export const EXERCISED_BY = {
  chats: [
    'user.updated',
    'settings.changed',
    'message.new',
    'message.edited',
    'message.deleted',
    'message.viewed',
    'message.hidden',
    'conversation.pinned_message',
    'conversation.updated',
    'conversation.read',
    'conversation.cleared',
    'conversation.deleted',
    'conversation.restored',
  ],
  groups: [
    'conversation.created',
    'conversation.joined',
    'conversation.updated',
    'conversation.read',
    'conversation.deleted',
    'message.new',
    'message.deleted',
    'member.joined',
    'member.left',
    'member.removed',
    'member.unblocked',
    'member.role',
    'conversation.info',
  ],
} as const;

/** Every event type the server emits (the folders' own suite covers `folders.changed`). */
export const ALL_TYPES = [
  'conversation.created',
  'user.updated',
  'settings.changed',
  'message.new',
  'message.edited',
  'message.deleted',
  'message.viewed',
  'conversation.pinned_message',
  'conversation.joined',
  'conversation.updated',
  'conversation.read',
  'conversation.cleared',
  'conversation.deleted',
  'conversation.restored',
  'message.hidden',
  'member.joined',
  'member.left',
  'member.removed',
  'member.unblocked',
  'member.role',
  'conversation.info',
];

export const typeOf = (f: ServerFrame) => (f.op === 'event' ? f.type : null);

export interface SyncHarness {
  server: Server;
  client: Client;
  alice: Person;
  bob: Person;
  /**
   * The check: state before, the action, the events delivered, state after.
   * `expected`: per user, the event types the action must deliver (any order).
   */
  verify<T>(
    followed: number[],
    expected: Record<number, string[]>,
    action: () => Promise<T>,
  ): Promise<T>;
  /** The body of a 200 reply; throws on any other status. */
  ok(res: Promise<{ status: number; body: unknown }>): Promise<unknown>;
  /** Checks this suite exercised exactly its share, and the shares cover every type. */
  expectExercised(share: keyof typeof EXERCISED_BY): void;
}

/**
 * Alice and Bob, each with a socket, on a fresh server of `backend` for the
 * enclosing describe block. The fields are filled in by its tests' time.
 */
export function useSyncHarness(backend: Backend): SyncHarness {
  const sockets = new Map<number, TestSocket>();
  const exercised = new Set<string>();
  const suite = useSuiteServer(backend);
  const h = {} as SyncHarness;
  beforeAll(async () => {
    h.server = suite.server;
    h.client = suite.client;
    [h.alice, h.bob] = [await person(h.client), await person(h.client)];
    for (const p of [h.alice, h.bob]) {
      const socket = await TestSocket.open(h.server.url);
      await socket.ready(p.token);
      sockets.set(p.id, socket);
    }
  });
  afterAll(async () => {
    for (const s of sockets.values()) s.ws.terminate();
  });

  /** Waits until each socket got (at least) its expected event types, then a little longer. */
  async function collect(starts: Map<number, number>, expected: Record<number, string[]>) {
    const deadline = Date.now() + 5000;
    const got = (id: number) =>
      (sockets.get(id)?.frames.slice(starts.get(id)) ?? []).filter((f) => f.op === 'event');
    const complete = () =>
      Object.entries(expected).every(([id, types]) => {
        const seen = got(Number(id)).map(typeOf);
        return types.every(
          (t) => seen.filter((s) => s === t).length >= types.filter((x) => x === t).length,
        );
      });
    while (!complete()) {
      if (Date.now() > deadline) break;
      await sleep(10);
    }
    await sleep(40); // nothing more should come
    return got;
  }

  /**
   * The check: state before, the action, the events delivered, state after.
   * `expected`: per user, the event types the action must deliver (any order).
   */
  async function verify<T>(
    followed: number[],
    expected: Record<number, string[]>,
    action: () => Promise<T>,
  ): Promise<T> {
    const people = [h.alice, h.bob];
    const before = new Map<number, Awaited<ReturnType<typeof fetchState>>>();
    const starts = new Map<number, number>();
    for (const p of people) {
      before.set(p.id, await fetchState(h.client, p, followed));
      starts.set(p.id, sockets.get(p.id)?.frames.length ?? 0);
    }
    const result = await action();
    const got = await collect(starts, expected);
    for (const p of people) {
      const frames = got(p.id);
      expect(frames.map(typeOf).sort(), `events of user ${p.id}`).toEqual(
        [...(expected[p.id] ?? [])].sort(),
      );
      for (const f of frames) exercised.add(typeOf(f) ?? '');
      const state = before.get(p.id);
      if (!state) throw new Error('no state');
      const applied = await applyEvents(
        state,
        frames,
        p,
        conversationFetcher(h.client, p, followed),
      );
      const fresh = await fetchState(h.client, p, followed);
      expect(comparable(applied), `state of user ${p.id}`).toEqual(comparable(fresh));
    }
    return result;
  }

  const ok = async (res: Promise<{ status: number; body: unknown }>) => {
    const r = await res;
    if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };

  h.verify = verify;
  h.ok = ok;
  h.expectExercised = (share) => {
    expect([...exercised].sort()).toEqual([...EXERCISED_BY[share]].sort());
    const union = new Set(Object.values(EXERCISED_BY).flat());
    expect([...union].sort()).toEqual([...ALL_TYPES].sort());
  };
  return h;
}
