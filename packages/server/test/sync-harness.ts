import { afterAll, beforeAll, expect } from 'vitest';
import { CONVERSATION_EVENT_TYPES } from '@parley/protocol/events/conversation-events';
import { USER_EVENT_TYPES } from '@parley/protocol/events/user-events';
import type { ServerFrame } from '@parley/protocol/realtime';
import {
  applyEvents,
  comparable,
  conversationFetcher,
  fetchBoard,
  fetchState,
} from './client-state';
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
// the client needs, or an applier (protocol sync/, run by the web) that
// gets it wrong. client-state.ts reads the state and runs the appliers.

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
    'conversation.slow_mode',
    'message.views',
    // Reading a group viewed its creation line (group service lines, issue 23).
    'message.viewed',
  ],
  reactions: [
    'conversation.created',
    'conversation.joined',
    'message.new',
    'message.deleted',
    'message.reactions',
    'settings.changed',
  ],
  tasks: [
    'conversation.info',
    'message.new',
    'task_group.created',
    'task_group.updated',
    'task_group.deleted',
    'task.created',
    'task.updated',
    'task.deleted',
    'subtask.created',
    'subtask.updated',
    'subtask.deleted',
    'task.assigned',
  ],
} as const;

/**
 * Every event type of the protocol, but those with their own list and their
 * own suite: `folders.changed` (folders), the invitation events
 * (group-consent), and `bot.callback_answer` (the grammY bot suites; it
 * changes no state).
 */
const OWN_SUITES: readonly string[] = [
  'folders.changed',
  'invitation.received',
  'invitation.closed',
  'bot.callback_answer',
];
export const ALL_TYPES = [...CONVERSATION_EVENT_TYPES, ...USER_EVENT_TYPES].filter(
  (t) => !OWN_SUITES.includes(t),
);

export const typeOf = (f: ServerFrame) => (f.op === 'event' ? f.type : null);

/** How long after the expected events nothing more may arrive. */
const QUIET_MS = 40;

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

  /** The events each socket got since `starts`. */
  const eventsSince = (starts: Map<number, number>) => (id: number) =>
    (sockets.get(id)?.frames.slice(starts.get(id)) ?? []).filter((f) => f.op === 'event');

  /**
   * Resolves once each socket got (at least) its expected event types, or
   * after 5 s: checked on every frame that arrives rather than on a timer.
   */
  function arrival(starts: Map<number, number>, expected: Record<number, string[]>) {
    const got = eventsSince(starts);
    const complete = () =>
      Object.entries(expected).every(([id, types]) => {
        const seen = got(Number(id)).map(typeOf);
        return types.every(
          (t) => seen.filter((s) => s === t).length >= types.filter((x) => x === t).length,
        );
      });
    return new Promise<void>((resolve) => {
      if (complete()) return resolve();
      // TestSocket's own listener came first, so `frames` already holds the new one.
      const check = () => {
        if (complete()) done();
      };
      const done = () => {
        clearTimeout(timer);
        for (const s of sockets.values()) s.ws.off('message', check);
        resolve();
      };
      const timer = setTimeout(done, 5000);
      for (const s of sockets.values()) s.ws.on('message', check);
    });
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
    // Both users' states are read at once: nothing changes meanwhile.
    const states = () =>
      Promise.all(
        people.map(async (p) => [p.id, await fetchState(h.client, p, followed)] as const),
      );
    const before = new Map(await states());
    const starts = new Map(people.map((p) => [p.id, sockets.get(p.id)?.frames.length ?? 0]));
    const result = await action();
    await arrival(starts, expected);
    // Nothing more may come for QUIET_MS after the expected events. The
    // action has answered, so the state after it can be fetched meanwhile:
    // the quiet period overlaps those requests instead of following them.
    const quietUntil = Date.now() + QUIET_MS;
    const after = new Map(await states());
    await sleep(quietUntil - Date.now());
    const got = eventsSince(starts);
    for (const p of people) {
      const frames = got(p.id);
      expect(frames.map(typeOf).sort(), `events of user ${p.id}`).toEqual(
        [...(expected[p.id] ?? [])].sort(),
      );
      for (const f of frames) exercised.add(typeOf(f) ?? '');
      const state = before.get(p.id);
      const fresh = after.get(p.id);
      if (!state || !fresh) throw new Error('no state');
      const applied = await applyEvents(
        state,
        frames,
        p,
        conversationFetcher(h.client, p, followed),
        async () =>
          (await h.client.get<{ count: number }>('/user/unread', { token: p.token })).body.count,
        (id) => fetchBoard(h.client, p, id),
      );
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
