import { randomBytes, randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import type { ClientOptions } from 'ws';
import { REALTIME_PROTOCOL_VERSION, serverFrameSchema } from '@parley/protocol/realtime';
import type { ConversationFrameOf, ServerFrame } from '@parley/protocol/realtime';
import type { Bus } from '../src/bus/bus';
import { createInProcessBus } from '../src/bus/in-process';
import { createRedisBus } from '../src/bus/redis';
import { Redis } from 'ioredis';
import type { Presence } from '../src/realtime/presence';
import { createMemoryPresence, createRedisPresence } from '../src/realtime/presence';

// Realtime test helpers: the bus backends (in-process always, Redis when
// TEST_REDIS_URL is set — mandatory in CI) and a socket client that parses
// every frame with the protocol schema, as the web client does.

/** What one node of a test cluster gets: its bus and its presence view. */
export interface NodeRealtime {
  bus: Bus;
  presence: Presence;
}

export interface Cluster {
  /** A node's bus and presence; nodes of one cluster see each other. */
  node(): NodeRealtime;
  close(): Promise<void>;
}

export interface BusBackend {
  name: 'in-process' | 'redis';
  open(): Cluster;
}

export function busBackends(): BusBackend[] {
  const url = process.env.TEST_REDIS_URL;
  if (!url && process.env.CI === 'true') {
    throw new Error('TEST_REDIS_URL must be set in CI: the Redis bus suites may not be skipped.');
  }
  const inProcess: BusBackend = {
    name: 'in-process',
    open() {
      // One process stands for every node: they share the bus and the counts.
      const shared = { bus: createInProcessBus(), presence: createMemoryPresence() };
      return { node: () => shared, close: () => shared.bus.close() };
    },
  };
  if (!url) return [inProcess];
  const redis: BusBackend = {
    name: 'redis',
    open() {
      const prefix = `parley-test-${randomBytes(6).toString('hex')}:`;
      const opened: { bus: Bus; presence: Presence; client: Redis }[] = [];
      return {
        node() {
          const client = new Redis(url, { maxRetriesPerRequest: 1 });
          const node = {
            bus: createRedisBus(url, { prefix }),
            presence: createRedisPresence(client, { nodeId: randomUUID(), prefix }),
            client,
          };
          opened.push(node);
          return node;
        },
        async close() {
          for (const n of opened) {
            await n.presence.close();
            await n.bus.close();
            const keys = await n.client.keys(`${prefix}*`);
            if (keys.length > 0) await n.client.del(...keys);
            await n.client.quit();
          }
        },
      };
    },
  };
  return [inProcess, redis];
}

export interface Closed {
  code: number;
  reason: string;
}

/** A socket that records every frame; `next` waits for one matching a test. */
export class TestSocket {
  readonly frames: ServerFrame[] = [];
  readonly closed: Promise<Closed>;
  private waiters: { match: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }[] = [];
  /** Frames before this index were already returned by `next`. */
  private cursor = 0;

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on('message', (data) => {
      const frame = serverFrameSchema.parse(JSON.parse(String(data)));
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(frame)) return true;
        w.resolve(frame);
        return false;
      });
    });
  }

  static open(
    baseUrl: string,
    headers: Record<string, string> = {},
    options: ClientOptions = {},
  ): Promise<TestSocket> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/v1/ws`, {
      ...options,
      headers,
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestSocket(ws)));
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade refused: ${res.statusCode}`)),
      );
      ws.once('error', reject);
    });
  }

  /** The HTTP status of a refused upgrade (the socket never opens). */
  static refusal(baseUrl: string, headers: Record<string, string>): Promise<number> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/v1/ws`, { headers });
    ws.on('error', () => {}); // the refusal itself; the status is what the test reads
    return new Promise((resolve, reject) => {
      ws.once('open', () => reject(new Error('upgrade was accepted')));
      ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
    });
  }

  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame));
  }

  hello(token: string, resume: { user_seq?: number; conversations?: Record<string, number> } = {}) {
    this.send({
      op: 'hello',
      v: REALTIME_PROTOCOL_VERSION,
      token,
      user_seq: resume.user_seq ?? 0,
      conversations: resume.conversations ?? {},
    });
  }

  /** hello, then wait for ready. */
  async ready(token: string, resume?: Parameters<TestSocket['hello']>[1]) {
    this.hello(token, resume);
    const frame = await this.next((f) => f.op === 'ready');
    if (frame.op !== 'ready') throw new Error('not ready');
    return frame;
  }

  /** The next frame (after those already taken) that matches. */
  next(match: (f: ServerFrame) => boolean, timeoutMs = 5000): Promise<ServerFrame> {
    const index = this.frames.findIndex((f, i) => i >= this.cursor && match(f));
    if (index >= 0) {
      this.cursor = index + 1;
      return Promise.resolve(this.frames[index] as ServerFrame);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching frame in time')), timeoutMs);
      this.waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer);
          this.cursor = this.frames.length;
          resolve(f);
        },
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}

export const isMessageNew =
  (conversationId: number) =>
  (f: ServerFrame): f is ConversationFrameOf<'message.new'> =>
    f.op === 'event' &&
    f.scope === 'conversation' &&
    f.conversation_id === conversationId &&
    f.type === 'message.new';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
