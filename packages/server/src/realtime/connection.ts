import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'node:net';
import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import { REALTIME_PROTOCOL_VERSION, WS_CLOSE, clientFrameSchema } from '@parley/protocol/realtime';
import type { HelloFrame, ServerFrame } from '@parley/protocol/realtime';
import type { Bus } from '../bus/bus';
import { channels } from '../bus/bus';
import type { AccessTokens } from '../features/auth/tokens';
import type { SessionsService } from '../features/sessions/service';
import type { KeyedLimiter } from '../http/rate-limit';
import type { Database } from '../store/types';
import { describeUnavailable, isDatabaseUnavailable, logRoundFailure } from '../store/unavailable';
import { sessionBusSchema } from './bus-messages';
import type { TypingBusMessage } from './bus-messages';
import { Delivery } from './delivery';
import type { DeliveryHost } from './delivery';
import type { LastSeenRecorder } from './last-seen-recorder';
import type { Presence } from './presence';
import { presenceFrame } from './presence-frame';
import { leavePresence } from './presence-leave';
import type { PresenceListener, PresenceWatchers } from './presence-watchers';
import type { LoadMessages } from './publisher';
import * as q from './queries';
import { nulRefusal } from './socket-nul';
import { SocketSends } from './socket-sends';
import type { SendMessage } from './socket-sends';
import { Subscriptions } from './subscriptions';
import { SocketTyping } from './socket-typing';
import type { WriteCoalescer } from './write-coalescer';

// One socket, from `hello` to close: the frames the client sends, the token
// and session behind the socket, presence and typing. What the socket is
// sent of the event logs, and in which order, is delivery.ts's.

export interface ConnectionDeps {
  db: Kysely<Database>;
  bus: Bus;
  presence: Presence;
  tokens: AccessTokens;
  sessions: SessionsService;
  loadMessages: LoadMessages;
  /** POST /user/messages' service call, for messages sent over the socket. */
  sendMessage: SendMessage;
  now: () => Date;
  log: FastifyBaseLogger;
  helloTimeoutMs: number;
  typingExpiryMs: number;
  maxBufferedBytes: number;
  coalescer: WriteCoalescer;
  /** The node's index of who hears whose presence (presence-watchers.ts). */
  presenceWatchers: PresenceWatchers;
  /** users.last_seen_at: on the last close, and once a minute while online. */
  lastSeen: LastSeenRecorder;
  /** The WebSocket has closed (the gateway forgets the connection). */
  socketClosed(connection: Connection): void;
  /**
   * Counts a signed-in socket of `userId`; false when the user already has
   * the most allowed (gateway.ts). Each true is matched by releaseSocket.
   */
  claimSocket(userId: number): boolean;
  releaseSocket(userId: number): void;
  /** The send budget (http/rate-limit.ts), shared with POST /user/messages. */
  limitSend: KeyedLimiter;
  /** Typing starts per user per conversation. */
  limitTyping: KeyedLimiter;
  /**
   * A tab said it is visible or hidden (client frame `visibility`); also
   * called with false when a visible tab's socket closes. Web Push leaves
   * the session's device out while one is visible (features/push).
   */
  visibility?: (sessionId: number, visible: boolean) => Promise<void>;
}

// Memory per socket is what bounds a node's sockets (bench `connections`), so
// a socket owns few objects: one deps object is shared by all, the delivery
// and the presence index call this object's methods instead of per-socket
// closures, and typing state exists only once the user types.

export class Connection implements DeliveryHost, PresenceListener {
  /** Set by the gateway's heartbeat; false when a ping went unanswered. */
  alive = true;
  private userId = 0;
  private sessionId = 0;
  /** The tab reported itself visible (and has not said hidden since). */
  private visible = false;
  private hidden = false;
  private opened = false;
  /** Counted in presence: cleanup must uncount. */
  private counted = false;
  /** Counted in the user's sockets (claimSocket): cleanup must release. */
  private claimed = false;
  private closed = false;
  private contacts = new Set<number>();
  /** Set at hello, once the user is known. */
  private delivery: Delivery | null = null;
  private sends: SocketSends | null = null;
  private readonly subscriptions: Subscriptions;
  /** Created on the first typing frame: most sockets never type. */
  private ownTyping: SocketTyping | null = null;
  private helloTimer: NodeJS.Timeout | null;
  private expiryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly socket: WebSocket,
    /** The TCP socket under `socket`, corked while a turn's frames are written. */
    private readonly raw: Socket,
    private readonly deps: ConnectionDeps,
  ) {
    this.subscriptions = new Subscriptions(deps.bus);
    this.helloTimer = setTimeout(
      () => this.close(WS_CLOSE.unauthenticated, 'hello expected'),
      deps.helloTimeoutMs,
    );
    socket.on('message', (data, isBinary) => {
      if (isBinary) return this.close(WS_CLOSE.badFrame, 'text frames only');
      void this.onFrame(String(data));
    });
    socket.on('close', () => {
      if (this.visible) this.reportVisibility(false);
      void this.cleanup();
      deps.socketClosed(this);
    });
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

  send(frame: ServerFrame): void {
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
  sendWire(wire: Buffer): void {
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
    // JSON text can carry a NUL only as the escape \u0000 (a raw one is a
    // parse error), so a frame without that sequence skips the walk.
    const refusal = text.includes('\\u0000') ? nulRefusal(frame) : null;
    if (refusal) return this.opened ? this.send(refusal) : this.close(WS_CLOSE.badFrame, 'NUL');
    if (frame.op === 'hello') {
      if (this.helloTimer === null) return this.close(WS_CLOSE.badFrame, 'hello twice');
      clearTimeout(this.helloTimer);
      this.helloTimer = null;
      try {
        await this.hello(frame);
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          // Expected while the database restarts: one line, and the client
          // retries with its back-off.
          this.deps.log.warn(
            `realtime: hello failed: database unavailable (${describeUnavailable(error)})`,
          );
          this.close(WS_CLOSE.tryAgainLater, 'database unavailable');
          return;
        }
        this.deps.log.error({ err: error }, 'realtime: hello failed');
        this.close(1011, 'internal error');
      }
      return;
    }
    if (!this.opened) return this.close(WS_CLOSE.unauthenticated, 'hello expected');
    if (frame.op === 'ping') return this.send({ op: 'pong' });
    if (frame.op === 'auth') return this.reauthenticate(frame.token);
    if (frame.op === 'visibility') return this.reportVisibility(frame.visible);
    if (frame.op === 'send') {
      // Made on the first send: an idle socket carries no send state.
      this.sends ??= new SocketSends(this.userId, this.deps, (reply) => this.send(reply));
      return this.sends.handle(frame.ref, frame.body);
    }
    return this.onTyping(frame.conversation_id, frame.state);
  }

  private reportVisibility(visible: boolean): void {
    this.visible = visible;
    if (!this.deps.visibility || this.sessionId === 0) return;
    this.deps.visibility(this.sessionId, visible).catch((error: unknown) => {
      this.deps.log.warn({ err: error }, 'realtime: visibility not stored');
    });
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
    if (!this.deps.claimSocket(claims.userId)) {
      return this.close(WS_CLOSE.tooManySockets, 'too many sockets for this user');
    }
    this.claimed = true;
    this.userId = claims.userId;
    this.hidden = state.hidden;
    this.armExpiry(claims.expiresAt);

    const delivery = (this.delivery = new Delivery(
      this.userId,
      this.deps,
      this.subscriptions,
      this,
    ));

    // Subscribe first, then read: whatever commits after the reads below
    // also arrives live, and the serial queue drops what the backlog sent.
    const release = delivery.hold();
    await this.followSession(claims.sessionId);
    await this.subscriptions.add(channels.user(this.userId), delivery.onUserBus);
    // The user seq before the memberships: a later join arrives live and is followed then.
    const userLastSeq = (await q.userState(this.deps.db, this.userId))?.lastSeq ?? 0;
    const plan = await delivery.followAll(frame.conversations);

    this.contacts = new Set(await q.visibleContacts(this.deps.db, this.userId));
    if (this.closed) return;
    // Watched before `online` is read: a change after this arrives as an
    // event, one before it is in the answer.
    await this.deps.presenceWatchers.ready();
    if (this.closed) return;
    for (const id of this.contacts) this.deps.presenceWatchers.watch(id, this);
    const cameOnline = await this.deps.presence.connect(this.userId);
    this.counted = true;
    // Closed while presence counted it: cleanup has run and skipped the
    // uncount, so it is done here, or the user would stay online for good.
    if (this.closed) return leavePresence(this.deps, this.userId, this.hidden);
    void this.deps.lastSeen
      .connected(this.userId)
      .catch((error: unknown) => logRoundFailure(this.deps.log, 'realtime: last seen', error));
    this.opened = true;
    const online = await this.deps.presence.online([...this.contacts]);
    this.send({ op: 'ready', user_id: this.userId, online_user_ids: [...online] });
    if (cameOnline && !this.hidden) {
      await this.deps.bus.publish(channels.presence, { user_id: this.userId, online: true });
    }
    this.deps.log.info({ userId: this.userId, sessionId: this.sessionId }, 'realtime: connected');

    await delivery.resume(frame.user_seq, userLastSeq, plan);
    release();
  }

  // DeliveryHost: what the delivery asks of its socket.

  fail(): void {
    this.close(1011, 'internal error');
  }

  isClosed(): boolean {
    return this.closed;
  }

  /**
   * A conversation joined while connected: its members become contacts
   * (hide_status users never do, visibleContacts leaves them out). As at
   * hello, watched first, then read: a change after the read arrives as an
   * event. Without the read, two people who start a chat while both are
   * connected each see the other as offline until a reconnect.
   */
  async joined(conversationId: number): Promise<void> {
    const added: number[] = [];
    for (const id of await q.visibleContacts(this.deps.db, this.userId, conversationId)) {
      if (this.closed || this.contacts.has(id)) continue;
      this.contacts.add(id);
      this.deps.presenceWatchers.watch(id, this);
      added.push(id);
    }
    if (added.length === 0 || this.closed) return;
    for (const id of await this.deps.presence.online(added)) this.onPresence(id, true);
  }

  left(conversationId: number): void {
    this.ownTyping?.stop(conversationId);
  }

  typing({ conversation_id, user_id, state }: TypingBusMessage): void {
    if (this.opened) this.send({ op: 'typing', conversation_id, user_id, state });
  }

  /** PresenceListener: a contact came or went (our own hide_status as it was at hello). */
  onPresence(userId: number, online: boolean, lastSeenAt?: string | null): void {
    if (!this.opened || userId === this.userId) return;
    const viewer = { id: this.userId, hide_status: this.hidden };
    this.send(presenceFrame(userId, online, lastSeenAt, viewer, this.deps.now()));
  }

  private async reauthenticate(token: string): Promise<void> {
    const claims = await this.verify(token);
    if (!claims || claims.userId !== this.userId) {
      return this.close(WS_CLOSE.unauthenticated, 'invalid or expired token');
    }
    if (claims.sessionId !== this.sessionId) await this.followSession(claims.sessionId);
    this.armExpiry(claims.expiresAt);
  }

  private follows(conversationId: number): boolean {
    return this.delivery?.follows(conversationId) ?? false;
  }

  private onTyping(conversationId: number, state: 'start' | 'stop'): void {
    if (!this.follows(conversationId)) {
      return this.send({ op: 'error', message: 'Not a member of this conversation.' });
    }
    this.ownTyping ??= new SocketTyping(this.deps, this.userId, {
      send: (frame) => this.send(frame),
      follows: (id) => this.follows(id),
    });
    this.ownTyping.onFrame(conversationId, state);
  }

  private async cleanup(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.helloTimer) clearTimeout(this.helloTimer);
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.ownTyping?.stopAll();
    this.subscriptions.removeAll();
    this.deps.presenceWatchers.unwatch(this.contacts, this);
    if (this.claimed) this.deps.releaseSocket(this.userId);
    if (this.counted) await leavePresence(this.deps, this.userId, this.hidden);
  }
}
