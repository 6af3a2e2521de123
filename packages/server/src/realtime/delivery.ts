import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { RESUME_MAX_EVENTS } from '@parley/protocol/realtime';
import type {
  ConversationEventFrame,
  HelloFrame,
  ServerFrame,
  UserEventFrame,
} from '@parley/protocol/realtime';
import { channels } from '../bus/bus';
import type { BusHandler } from '../bus/bus';
import type { Database } from '../store/types';
import { conversationBusSchema, userBusSchema } from './bus-messages';
import type { TypingBusMessage } from './bus-messages';
import type { LoadMessages } from './publisher';
import { toConversationFrames, toUserFrame } from './publisher';
import * as q from './queries';
import { planResume } from './resume';
import type { ResumePlan } from './resume';
import { frameWire, sharedParser } from './shared-payloads';
import type { Subscriptions } from './subscriptions';
import { logRoundFailure } from '../store/unavailable';

// The event side of one signed-in socket: which conversations it follows,
// the last seq sent of each and of the user log, and the one serial queue
// everything goes through — the resume backlog first, then live events — so
// frames leave in seq order per conversation and per user, and a live event
// already sent by the backlog (seq <= last sent) is dropped.

export interface DeliveryDeps {
  db: Kysely<Database>;
  loadMessages: LoadMessages;
  log: FastifyBaseLogger;
}

/** What the delivery needs from its connection. */
export interface DeliveryHost {
  send(frame: ServerFrame): void;
  /** A frame shared by many sockets, already framed for the wire. */
  sendWire(wire: Buffer): void;
  /** A queued job failed: the socket closes. */
  fail(): void;
  isClosed(): boolean;
  /** A conversation joined while connected is followed now. */
  joined(conversationId: number): Promise<void>;
  /** A conversation left while connected is no longer followed. */
  left(conversationId: number): void;
  /** Someone else's typing in a followed conversation. */
  typing(message: TypingBusMessage): void;
}

const parseConversationBus = sharedParser(conversationBusSchema);
const parseUserBus = sharedParser(userBusSchema);

/** User events after which the socket's conversation set is looked up again. */
const MEMBERSHIP_EVENTS = new Set([
  'conversation.joined',
  'conversation.deleted',
  'conversation.restored',
  'conversation.updated',
]);

export class Delivery {
  /** conversation id → last seq sent; the keys are the conversations this socket follows. */
  private readonly sent = new Map<number, number>();
  private userSeq = 0;
  private queue: Promise<void> = Promise.resolve();
  /** Jobs queued or running (the hello backlog counts as one): 0 lets a live frame skip the queue. */
  private pending = 0;

  constructor(
    private readonly userId: number,
    private readonly deps: DeliveryDeps,
    private readonly subscriptions: Subscriptions,
    private readonly host: DeliveryHost,
  ) {}

  follows(conversationId: number): boolean {
    return this.sent.has(conversationId);
  }

  /** Holds the queue (live events wait) until the returned release: the hello backlog. */
  hold(): () => void {
    let release!: () => void;
    this.pending += 1;
    this.queue = new Promise<void>((resolve) => (release = resolve)).then(() => {
      this.pending -= 1;
    });
    return release;
  }

  /**
   * Follows every conversation of the user and decides where each resumes,
   * before `ready`, so typing and membership checks work from the first frame on.
   */
  async followAll(positions: HelloFrame['conversations']): Promise<ResumePlan> {
    const joined = await q.memberships(this.deps.db, this.userId);
    await Promise.all(joined.map((m) => this.follow(m.conversationId)));
    const plan = planResume(joined, positions);
    for (const [id, seq] of plan.sent) this.sent.set(id, seq);
    return plan;
  }

  /** The backlog after `ready`: user events after `userSince`, then each conversation's. */
  async resume(userSince: number, userLastSeq: number, plan: ResumePlan): Promise<void> {
    await this.userBacklog(userSince, userLastSeq);
    for (const id of plan.refetch) {
      this.host.send({ op: 'refetch', scope: 'conversation', conversation_id: id });
    }
    for (const m of plan.backlog) await this.catchUpConversation(m.conversationId, m.lastSeq);
  }

  /**
   * Handlers of `user:<id>` and of every followed `conv:<id>`: bound once per
   * socket (the conversation's id is in the payload), not a closure per
   * channel.
   */
  readonly onUserBus: BusHandler = this.handleUserBus.bind(this);
  private readonly onConversationBus: BusHandler = this.handleConversationBus.bind(this);

  private handleUserBus(payload: unknown): void {
    const parsed = parseUserBus(payload);
    if (!parsed) return this.deps.log.warn('realtime: bad user bus message');
    const { frame } = parsed;
    this.enqueue(async () => {
      if (frame.seq > this.userSeq + 1) await this.catchUpUser(frame.seq - 1, true);
      await this.deliverUser(frame, true);
    });
  }

  /** Runs `job` after everything queued before it; a failure closes the socket. */
  private enqueue(job: () => Promise<void>): void {
    this.pending += 1;
    this.queue = this.queue.then(async () => {
      try {
        if (!this.host.isClosed()) await job();
      } catch (error) {
        logRoundFailure(this.deps.log, 'realtime: delivery', error, { userId: this.userId });
        this.host.fail();
      } finally {
        this.pending -= 1;
      }
    });
  }

  private async userBacklog(since: number, lastSeq: number): Promise<void> {
    if (since > lastSeq || lastSeq - since > RESUME_MAX_EVENTS) {
      this.userSeq = lastSeq;
      return this.host.send({ op: 'refetch', scope: 'user' });
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
      return this.host.send({ op: 'refetch', scope: 'conversation', conversation_id: id });
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
    this.host.sendWire(frameWire(frame));
  }

  private async deliverUser(frame: UserEventFrame, live: boolean): Promise<void> {
    if (frame.seq <= this.userSeq) return;
    this.userSeq = frame.seq;
    this.host.send(frame);
    if (live && MEMBERSHIP_EVENTS.has(frame.type) && 'conversation_id' in frame.payload) {
      await this.recheckMembership(frame.payload.conversation_id);
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
      await this.host.joined(conversationId);
    } else if (!member && following) {
      this.sent.delete(conversationId);
      this.subscriptions.remove(channels.conversation(conversationId));
      this.host.left(conversationId);
    }
  }

  private follow(conversationId: number): Promise<void> {
    return this.subscriptions.add(channels.conversation(conversationId), this.onConversationBus);
  }

  private handleConversationBus(payload: unknown): void {
    const message = parseConversationBus(payload);
    if (!message) return this.deps.log.warn('realtime: bad conversation bus message');
    if (message.kind === 'typing') {
      if (message.user_id === this.userId || !this.sent.has(message.conversation_id)) return;
      return this.host.typing(message);
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
}
