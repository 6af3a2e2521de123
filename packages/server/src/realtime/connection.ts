import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'node:net';
import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import {
  REALTIME_PROTOCOL_VERSION,
  RESUME_MAX_EVENTS,
  WS_CLOSE,
  clientFrameSchema,
} from '@parley/protocol/realtime';
import type {
  ConversationEventFrame,
  HelloFrame,
  ServerFrame,
  UserEventFrame,
} from '@parley/protocol/realtime';
import type { Bus } from '../bus/bus';
import { channels } from '../bus/bus';
import type { AccessTokens } from '../features/auth/tokens';
import type { SessionsService } from '../features/sessions/service';
import type { Database } from '../store/types';
import {
  conversationBusSchema,
  presenceBusSchema,
  sessionBusSchema,
  userBusSchema,
} from './bus-messages';
import type { Presence } from './presence';
import type { LoadMessages } from './publisher';
import { toConversationFrames, toUserFrame } from './publisher';
import * as q from './queries';
import { frameWire, sharedParser } from './shared-payloads';
import { Subscriptions } from './subscriptions';
import { planResume } from './resume';
import { TypingState } from './typing';
import type { WriteCoalescer } from './write-coalescer';

// One socket, from `hello` to close. Everything the socket receives goes
// through one serial queue: the resume backlog first, then live events, so
// frames leave in seq order per conversation and per user, and a live event
// already sent by the backlog (seq <= last sent) is dropped.

export interface ConnectionDeps {
  db: Kysely<Database>;
  bus: Bus;
  presence: Presence;
  tokens: AccessTokens;
  sessions: SessionsService;
  loadMessages: LoadMessages;
  now: () => Date;
  log: FastifyBaseLogger;
  helloTimeoutMs: number;
  typingExpiryMs: number;
  maxBufferedBytes: number;
  coalescer: WriteCoalescer;
}

const parseConversationBus = sharedParser(conversationBusSchema);
const parseUserBus = sharedParser(userBusSchema);
const parsePresenceBus = sharedParser(presenceBusSchema);

/** User events after which the socket's conversation set is looked up again. */
const MEMBERSHIP_EVENTS = new Set([
  'conversation.joined',
  'conversation.deleted',
  'conversation.restored',
  'conversation.updated',
]);

export class Connection {
  /** Set by the gateway's heartbeat; false when a ping went unanswered. */
  alive = true;
  private userId = 0;
  private sessionId = 0;
  private hidden = false;
  private opened = false;
  /** Counted in presence: cleanup must uncount. */
  private counted = false;
  private closed = false;
  /** conversation id → last seq sent; the keys are the conversations this socket follows. */
  private readonly sent = new Map<number, number>();
  private userSeq = 0;
  private contacts = new Set<number>();
  private queue: Promise<void> = Promise.resolve();
  private typingChain: Promise<void> = Promise.resolve();
  /** Jobs queued or running (the hello backlog counts as one): 0 lets a live frame skip the queue. */
  private pending = 0;
  private readonly subscriptions: Subscriptions;
  private readonly typing: TypingState;
  private helloTimer: NodeJS.Timeout | null;
  private expiryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly socket: WebSocket,
    /** The TCP socket under `socket`, corked while a turn's frames are written. */
    private readonly raw: Socket,
    private readonly deps: ConnectionDeps,
  ) {
    this.typing = new TypingState(deps, () => this.userId);
    this.subscriptions = new Subscriptions(deps.bus);
    this.helloTimer = setTimeout(
      () => this.close(WS_CLOSE.unauthenticated, 'hello expected'),
      deps.helloTimeoutMs,
    );
    socket.on('message', (data, isBinary) => {
      if (isBinary) return this.close(WS_CLOSE.badFrame, 'text frames only');
      void this.onFrame(String(data));
    });
    socket.on('close', () => void this.cleanup());
    socket.on('pong', () => {
      this.alive = true;
    });
  }

  /** Closes with a code the client acts on (see WS_CLOSE). */
  close(code: number, reason: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(code, reason);
    void this.cleanup();
  }

  terminate(): void {
    this.socket.terminate();
    void this.cleanup();
  }

  ping(): void {
    this.alive = false;
    this.socket.ping();
  }

  private send(frame: ServerFrame): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    this.deps.coalescer.hold(this.raw);
    this.socket.send(JSON.stringify(frame));
    this.checkBacklog();
  }

  /**
   * A frame several sockets send, already framed for the wire (see
   * shared-payloads and ws-frame), written to the TCP socket directly. Safe
   * beside ws's own writes: ws writes each frame whole and synchronously,
   * and without permessage-deflate it never holds frames back.
   */
  private sendWire(wire: Buffer): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    this.deps.coalescer.hold(this.raw);
    this.raw.write(wire);
    this.checkBacklog();
  }

  private checkBacklog(): void {
    if (this.socket.bufferedAmount > this.deps.maxBufferedBytes) {
      this.deps.log.warn({ userId: this.userId }, 'realtime: slow consumer closed');
      this.close(WS_CLOSE.slowConsumer, 'too slow');
    }
  }

  /** Runs `job` after everything queued before it; a failure closes the socket. */
  private enqueue(job: () => Promise<void>): void {
    this.pending += 1;
    this.queue = this.queue.then(async () => {
      try {
        if (!this.closed) await job();
      } catch (error) {
        this.deps.log.error({ err: error, userId: this.userId }, 'realtime: delivery failed');
        this.close(1011, 'internal error');
      } finally {
        this.pending -= 1;
      }
    });
  }

  private async onFrame(text: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.close(WS_CLOSE.badFrame, 'not JSON');
    }
    const parsed = clientFrameSchema.safeParse(json);
    if (!parsed.success) return this.close(WS_CLOSE.badFrame, 'unknown frame');
    const frame = parsed.data;
    if (frame.op === 'hello') {
      if (this.helloTimer === null) return this.close(WS_CLOSE.badFrame, 'hello twice');
      clearTimeout(this.helloTimer);
      this.helloTimer = null;
      try {
        await this.hello(frame);
      } catch (error) {
        this.deps.log.error({ err: error }, 'realtime: hello failed');
        this.close(1011, 'internal error');
      }
      return;
    }
    if (!this.opened) return this.close(WS_CLOSE.unauthenticated, 'hello expected');
    if (frame.op === 'ping') return this.send({ op: 'pong' });
    if (frame.op === 'auth') return this.reauthenticate(frame.token);
    return this.onTyping(frame.conversation_id, frame.state);
  }

  /** The claims of a token whose session is still active, else null. */
  private async verify(token: string) {
    const claims = await this.deps.tokens.verify(token);
    if (!claims || !(await this.deps.sessions.isActive(claims.sessionId, claims.userId))) {
      return null;
    }
    return claims;
  }

  private armExpiry(expiresAt: number): void {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    const ms = Math.max(0, expiresAt * 1000 - this.deps.now().getTime());
    this.expiryTimer = setTimeout(() => this.close(WS_CLOSE.unauthenticated, 'token expired'), ms);
  }

  private async followSession(sessionId: number): Promise<void> {
    if (this.sessionId !== 0) this.subscriptions.remove(channels.session(this.sessionId));
    this.sessionId = sessionId;
    await this.subscriptions.add(channels.session(sessionId), (payload) => {
      if (sessionBusSchema.safeParse(payload).success) {
        this.close(WS_CLOSE.unauthenticated, 'session revoked');
      }
    });
  }

  private async hello(frame: HelloFrame): Promise<void> {
    if (frame.v !== REALTIME_PROTOCOL_VERSION) {
      this.send({ op: 'version_mismatch', server_v: REALTIME_PROTOCOL_VERSION });
      return this.close(WS_CLOSE.versionMismatch, 'protocol version mismatch');
    }
    const claims = await this.verify(frame.token);
    if (!claims) return this.close(WS_CLOSE.unauthenticated, 'invalid or expired token');
    const state = await q.userState(this.deps.db, claims.userId);
    if (!state || this.closed) return this.close(WS_CLOSE.unauthenticated, 'unknown user');
    this.userId = claims.userId;
    this.hidden = state.hidden;
    this.armExpiry(claims.expiresAt);

    // Subscribe first, then read: whatever commits after the reads below
    // also arrives live, and the serial queue drops what the backlog sent.
    let release!: () => void;
    this.pending += 1;
    this.queue = new Promise<void>((resolve) => (release = resolve)).then(() => {
      this.pending -= 1;
    });
    await this.followSession(claims.sessionId);
    await this.subscriptions.add(channels.user(this.userId), (payload) => this.onUserBus(payload));
    await this.subscriptions.add(channels.presence, (payload) => this.onPresenceBus(payload));
    // The user seq before the memberships: a later join arrives live and is followed then.
    const userLastSeq = (await q.userState(this.deps.db, this.userId))?.lastSeq ?? 0;
    const joined = await q.memberships(this.deps.db, this.userId);
    await Promise.all(joined.map((m) => this.follow(m.conversationId)));

    // Where each conversation resumes, decided before `ready` so typing and
    // membership checks work from the first frame on; sent after it.
    const { sent, refetch, backlog } = planResume(joined, frame.conversations);
    for (const [id, seq] of sent) this.sent.set(id, seq);

    this.contacts = new Set(await q.visibleContacts(this.deps.db, this.userId));
    if (this.closed) return;
    const cameOnline = await this.deps.presence.connect(this.userId);
    this.counted = true;
    this.opened = true;
    const online = await this.deps.presence.online([...this.contacts]);
    this.send({ op: 'ready', user_id: this.userId, online_user_ids: [...online] });
    if (cameOnline && !this.hidden) {
      await this.deps.bus.publish(channels.presence, { user_id: this.userId, online: true });
    }
    this.deps.log.info({ userId: this.userId, sessionId: this.sessionId }, 'realtime: connected');

    await this.userBacklog(frame.user_seq, userLastSeq);
    for (const id of refetch)
      this.send({ op: 'refetch', scope: 'conversation', conversation_id: id });
    for (const m of backlog) await this.catchUpConversation(m.conversationId, m.lastSeq);
    release();
  }

  private async userBacklog(since: number, lastSeq: number): Promise<void> {
    if (since > lastSeq || lastSeq - since > RESUME_MAX_EVENTS) {
      this.userSeq = lastSeq;
      return this.send({ op: 'refetch', scope: 'user' });
    }
    this.userSeq = since;
    await this.catchUpUser(lastSeq, false);
  }

  /** Sends conversation events from the log after the last sent, up to `upTo`. */
  private async catchUpConversation(id: number, upTo: number): Promise<void> {
    const from = this.sent.get(id);
    if (from === undefined || upTo <= from) return;
    if (upTo - from > RESUME_MAX_EVENTS) {
      this.sent.set(id, upTo);
      return this.send({ op: 'refetch', scope: 'conversation', conversation_id: id });
    }
    const rows = await q.conversationEventsAfter(this.deps.db, id, from, upTo - from);
    for (const frame of await toConversationFrames(rows, this.deps.loadMessages)) {
      this.deliverConversation(frame);
    }
  }

  /** `live`: events that happened after hello, so membership changes must be applied. */
  private async catchUpUser(upTo: number, live: boolean): Promise<void> {
    if (upTo <= this.userSeq) return;
    const rows = await q.userEventsAfter(
      this.deps.db,
      this.userId,
      this.userSeq,
      upTo - this.userSeq,
    );
    for (const row of rows) await this.deliverUser(toUserFrame(row), live);
  }

  private deliverConversation(frame: ConversationEventFrame): void {
    const last = this.sent.get(frame.conversation_id);
    if (last === undefined || frame.seq <= last) return;
    this.sent.set(frame.conversation_id, frame.seq);
    this.sendWire(frameWire(frame));
  }

  private async deliverUser(frame: UserEventFrame, live: boolean): Promise<void> {
    if (frame.seq <= this.userSeq) return;
    this.userSeq = frame.seq;
    this.send(frame);
    const conversationId = frame.payload.conversation_id;
    if (live && MEMBERSHIP_EVENTS.has(frame.type) && typeof conversationId === 'number') {
      await this.recheckMembership(conversationId);
    }
  }

  /** After a membership change: follow a conversation just joined, drop one just left. */
  private async recheckMembership(conversationId: number): Promise<void> {
    const [member] = await q.memberships(this.deps.db, this.userId, conversationId);
    const following = this.sent.has(conversationId);
    if (member && !following) {
      // Everything since the join, from the log: events published before the
      // subscription below was live are not lost, and none from before joining leak.
      await this.follow(conversationId);
      this.sent.set(
        conversationId,
        await q.seqBefore(this.deps.db, conversationId, member.joinedAt),
      );
      const [current] = await q.memberships(this.deps.db, this.userId, conversationId);
      await this.catchUpConversation(conversationId, current?.lastSeq ?? member.lastSeq);
      for (const id of await q.visibleContacts(this.deps.db, this.userId, conversationId)) {
        this.contacts.add(id);
      }
    } else if (!member && following) {
      this.sent.delete(conversationId);
      this.subscriptions.remove(channels.conversation(conversationId));
      this.typing.stop(conversationId);
    }
  }

  private follow(conversationId: number): Promise<void> {
    return this.subscriptions.add(channels.conversation(conversationId), (payload) =>
      this.onConversationBus(payload),
    );
  }

  private onConversationBus(payload: unknown): void {
    const message = parseConversationBus(payload);
    if (!message) return this.deps.log.warn('realtime: bad conversation bus message');
    if (message.kind === 'typing') {
      if (message.user_id === this.userId || !this.sent.has(message.conversation_id)) return;
      if (!this.opened) return;
      const { conversation_id, user_id, state } = message;
      return this.send({ op: 'typing', conversation_id, user_id, state });
    }
    const { frame } = message;
    // The common case, in order with nothing queued before it: send now,
    // without a promise hop per socket.
    const sent = this.sent.get(frame.conversation_id);
    if (this.pending === 0 && sent !== undefined && frame.seq === sent + 1) {
      return this.deliverConversation(frame);
    }
    this.enqueue(async () => {
      const last = this.sent.get(frame.conversation_id);
      if (last === undefined) return; // not (or no longer) a member
      // Publishes of two commits can cross on the way; the log has both.
      if (frame.seq > last + 1) await this.catchUpConversation(frame.conversation_id, frame.seq);
      else this.deliverConversation(frame);
    });
  }

  private onUserBus(payload: unknown): void {
    const parsed = parseUserBus(payload);
    if (!parsed) return this.deps.log.warn('realtime: bad user bus message');
    const { frame } = parsed;
    this.enqueue(async () => {
      if (frame.seq > this.userSeq + 1) await this.catchUpUser(frame.seq - 1, true);
      await this.deliverUser(frame, true);
    });
  }

  private onPresenceBus(payload: unknown): void {
    const parsed = parsePresenceBus(payload);
    if (!parsed || !this.opened) return;
    const { user_id, online } = parsed;
    if (user_id !== this.userId && this.contacts.has(user_id)) {
      this.send({ op: 'presence', user_id, online });
    }
  }

  private async reauthenticate(token: string): Promise<void> {
    const claims = await this.verify(token);
    if (!claims || claims.userId !== this.userId) {
      return this.close(WS_CLOSE.unauthenticated, 'invalid or expired token');
    }
    if (claims.sessionId !== this.sessionId) await this.followSession(claims.sessionId);
    this.armExpiry(claims.expiresAt);
  }

  private onTyping(conversationId: number, state: 'start' | 'stop'): void {
    if (!this.sent.has(conversationId)) {
      return this.send({ op: 'error', message: 'Not a member of this conversation.' });
    }
    // Typing is posting's shadow: only those who may post (a channel's
    // subscribers may not) show it. One indexed read per start; starts and
    // stops stay in order through one chain per socket.
    this.typingChain = this.typingChain.then(async () => {
      if (state === 'stop') return this.typing.stop(conversationId);
      try {
        if (!(await q.mayPost(this.deps.db, this.userId, conversationId))) {
          return this.send({ op: 'error', message: 'You cannot post here.' });
        }
        if (this.sent.has(conversationId)) this.typing.start(conversationId);
      } catch (error) {
        this.deps.log.error({ err: error }, 'realtime: typing check failed');
      }
    });
  }

  private async cleanup(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.helloTimer) clearTimeout(this.helloTimer);
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.typing.stopAll();
    this.subscriptions.removeAll();
    if (!this.counted) return;
    this.deps.log.info({ userId: this.userId }, 'realtime: disconnected');
    try {
      const wentOffline = await this.deps.presence.disconnect(this.userId);
      if (wentOffline && !this.hidden) {
        await this.deps.bus.publish(channels.presence, { user_id: this.userId, online: false });
      }
    } catch (error) {
      this.deps.log.error({ err: error }, 'realtime: presence update failed');
    }
  }
}
