import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { REALTIME_PROTOCOL_VERSION, serverFrameSchema } from '@parley/protocol/realtime';
import type { ServerFrame } from '@parley/protocol/realtime';
import type { Message } from '@parley/protocol/message';
import { Client } from '../harness';
import type { Person } from '../messaging';

// One member of the cluster test, behaving as the web client does: a socket
// that resumes from the last seq it applied after every drop (hello with
// `conversations` and `user_seq`), and sends that retry a failed request
// with the same uuid until the server answers. It keeps what it saw: every
// message.new, every seq out of order, every refetch, every reconnect.

const NODE_HEADER = 'x-parley-node';

export interface Tally {
  /** Message ids received by message.new, in order. */
  received: number[];
  /** Events with a seq at or below one already applied. */
  duplicates: number;
  /** Events that skipped a seq. */
  gaps: number;
  /** `refetch` frames (the client would have to fetch over HTTP). */
  refetches: number;
  /** Sockets opened after the first. */
  reconnects: number;
  /** Milliseconds from a drop to `ready` on the new socket, per reconnect. */
  reconnectMs: number[];
  /** The node of each socket, in order. */
  nodes: string[];
}

export class ChatClient {
  readonly tally: Tally = {
    received: [],
    duplicates: 0,
    gaps: 0,
    refetches: 0,
    reconnects: 0,
    reconnectMs: [],
    nodes: [],
  };
  private readonly http: Client;
  private socket: WebSocket | null = null;
  private lastSeq: number;
  private userSeq = 0;
  private stopped = false;
  private droppedAt: number | null = null;
  private readyWaiters: (() => void)[] = [];
  isReady = false;

  constructor(
    private readonly baseUrl: string,
    readonly person: Person,
    private readonly conversationId: number,
    startSeq: number,
  ) {
    this.http = new Client(baseUrl);
    this.lastSeq = startSeq;
  }

  /** The node the current socket is on. */
  get node(): string | undefined {
    return this.tally.nodes[this.tally.nodes.length - 1];
  }

  /** Opens the socket (again after every drop, until stop) and resolves on the first ready. */
  connect(): Promise<void> {
    const ready = new Promise<void>((resolve) => this.readyWaiters.push(resolve));
    this.open();
    return ready;
  }

  private open(): void {
    if (this.stopped) return;
    const ws = new WebSocket(`${this.baseUrl.replace(/^http/, 'ws')}/api/v1/ws`);
    this.socket = ws;
    ws.on('upgrade', (response) => {
      this.tally.nodes.push(String(response.headers[NODE_HEADER] ?? 'unknown'));
    });
    ws.on('open', () => {
      ws.send(
        JSON.stringify({
          op: 'hello',
          v: REALTIME_PROTOCOL_VERSION,
          token: this.person.token,
          user_seq: this.userSeq,
          conversations: { [String(this.conversationId)]: this.lastSeq },
        }),
      );
    });
    ws.on('message', (data) => this.onFrame(serverFrameSchema.parse(JSON.parse(String(data)))));
    ws.on('error', () => {}); // a refused or reset socket: 'close' follows and reconnects
    ws.on('close', () => {
      this.isReady = false;
      if (this.stopped) return;
      this.droppedAt ??= Date.now();
      // The web client backs off too; short here, the test is about the resume.
      setTimeout(
        () => {
          this.tally.reconnects += 1;
          this.open();
        },
        50 + Math.random() * 100,
      );
    });
  }

  private onFrame(frame: ServerFrame): void {
    if (frame.op === 'ready') {
      this.isReady = true;
      if (this.droppedAt !== null) this.tally.reconnectMs.push(Date.now() - this.droppedAt);
      this.droppedAt = null;
      for (const resolve of this.readyWaiters.splice(0)) resolve();
      return;
    }
    if (frame.op === 'refetch') {
      this.tally.refetches += 1;
      return;
    }
    if (frame.op !== 'event') return;
    if (frame.scope === 'user') {
      this.userSeq = Math.max(this.userSeq, frame.seq);
      return;
    }
    if (frame.conversation_id !== this.conversationId) return;
    if (frame.seq <= this.lastSeq) {
      this.tally.duplicates += 1;
      return;
    }
    if (frame.seq !== this.lastSeq + 1) this.tally.gaps += 1;
    this.lastSeq = frame.seq;
    if (frame.type === 'message.new') this.tally.received.push(frame.payload.message.id);
  }

  /**
   * Posts one message, retrying with the same uuid while the request fails
   * (connection reset, 502 from nginx, 503 from a closing node). Returns the
   * message the server acknowledged, the node that answered and the retries.
   */
  async send(text: string, deadlineMs = 20_000) {
    const uuid = randomUUID();
    const deadline = Date.now() + deadlineMs;
    let retries = 0;
    for (;;) {
      try {
        const reply = await this.http.post<Message>(
          '/user/messages',
          { conversation_id: this.conversationId, uuid, message: text },
          { token: this.person.token },
        );
        if (reply.status === 200) {
          return { message: reply.body, node: reply.headers.get(NODE_HEADER), retries };
        }
        if (reply.status < 500) throw new Error(`send refused: ${reply.status}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('send refused')) throw error;
      }
      if (Date.now() > deadline) throw new Error(`send ${uuid}: no answer in ${deadlineMs} ms`);
      retries += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  stop(): void {
    this.stopped = true;
    this.socket?.terminate();
  }
}
