import type { FastifyBaseLogger } from 'fastify';
import type { Message } from '@parley/protocol/message';
import type { ConversationEventFrame, UserEventFrame } from '@parley/protocol/realtime';
import { refOf } from '@parley/protocol/sync/refs';
import type { Bus } from '../bus/bus';
import { channels } from '../bus/bus';
import type {
  AppendedEvents,
  ConversationEventRow,
  EventPublisher,
  UserEventRow,
} from '../events/log';
import type { ConversationBusMessage } from './bus-messages';
import { logRoundFailure } from '../store/unavailable';

export type LoadMessages = (ids: number[]) => Promise<Message[]>;

/** The id of the message a row's frame carries whole, if any. */
function carriedId(row: ConversationEventRow): number | null {
  switch (row.type) {
    case 'message.new':
    case 'message.edited':
    case 'conversation.pinned_message':
      return row.payload.message_id;
    case 'message.deleted':
      return row.payload.last_message_id ?? null;
    default:
      return null;
  }
}

const base = (r: ConversationEventRow) =>
  ({ op: 'event', scope: 'conversation', conversation_id: r.conversation_id, seq: r.seq }) as const;

/**
 * One row → its frame, with the loaded message (as it is now) where the
 * frame carries one. null: a message.new or message.edited whose message is
 * gone from the store (no frame can be built for it).
 */
function toFrame(
  r: ConversationEventRow,
  messages: ReadonlyMap<number, Message>,
): ConversationEventFrame | null {
  switch (r.type) {
    case 'message.new':
    case 'message.edited': {
      const message = messages.get(r.payload.message_id);
      if (!message) return null;
      return { ...base(r), type: r.type, payload: { ...r.payload, message } };
    }
    case 'conversation.pinned_message': {
      const id = r.payload.message_id;
      const pinned = id === null ? undefined : messages.get(id);
      const payload = { ...r.payload, pinned_message: pinned ? refOf(pinned) : null };
      return { ...base(r), type: r.type, payload };
    }
    case 'message.deleted': {
      const lastId = r.payload.last_message_id;
      if (lastId === undefined) return { ...base(r), type: r.type, payload: r.payload };
      const last = lastId === null ? null : (messages.get(lastId) ?? null);
      return { ...base(r), type: r.type, payload: { ...r.payload, last_message: last } };
    }
    case 'conversation.created':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'message.viewed':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'message.views':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'message.reactions':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'user.updated':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'member.joined':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'member.left':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'member.removed':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'member.unblocked':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'member.role':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'conversation.info':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'conversation.slow_mode':
      return { ...base(r), type: r.type, payload: r.payload };
    // Tasks: the stored payload is the frame's (protocol events/task-events.ts).
    case 'task_group.created':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'task_group.updated':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'task_group.deleted':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'task.created':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'task.updated':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'task.deleted':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'subtask.created':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'subtask.updated':
      return { ...base(r), type: r.type, payload: r.payload };
    case 'subtask.deleted':
      return { ...base(r), type: r.type, payload: r.payload };
  }
}

/**
 * Rows of conversation_events → frames, with what a client needs to apply
 * them without a fetch, loaded (as it is now) for all rows with one query:
 * message.new and message.edited get the whole `message`,
 * conversation.pinned_message the `pinned_message` ref (null when unpinned),
 * message.deleted of the last message the new `last_message` (or null).
 */
export async function toConversationFrames(
  rows: ConversationEventRow[],
  load: LoadMessages,
  loaded: ReadonlyMap<number, Message> = new Map(),
): Promise<ConversationEventFrame[]> {
  const messages = new Map(loaded);
  const missing = rows.map(carriedId).filter((id) => id !== null && !messages.has(id));
  if (missing.length > 0) for (const m of await load(missing as number[])) messages.set(m.id, m);
  const frames: ConversationEventFrame[] = [];
  for (const r of rows) {
    const frame = toFrame(r, messages);
    if (frame) frames.push(frame);
  }
  return frames;
}

export function toUserFrame(row: UserEventRow): UserEventFrame {
  // The row's user_id goes no further: the frame is on that user's own channel.
  const frame: UserEventFrame & { user_id?: number } = { op: 'event', scope: 'user', ...row };
  delete frame.user_id;
  return frame;
}

export interface RealtimePublisher extends EventPublisher {
  sessionsRevoked(sessionIds: number[]): Promise<void>;
  /** Messages posted through this node since start (message.new events committed), for /metrics. */
  readonly stats: { messagesNew: number };
}

/**
 * One publish per committed event on its own channel — `conv:<id>` once,
 * whatever the number of members; each node delivers to its own sockets.
 */
export function createEventPublisher(
  bus: Bus,
  load: LoadMessages,
  log: FastifyBaseLogger,
): RealtimePublisher {
  const safely = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      // Committed but not published: clients catch up on their next resume.
      logRoundFailure(log, `realtime: ${what}`, error);
    }
  };
  const stats = { messagesNew: 0 };
  return {
    stats,
    async published(events: AppendedEvents) {
      for (const row of events.conversation) if (row.type === 'message.new') stats.messagesNew++;
      await safely('publish', async () => {
        const frames = await toConversationFrames(events.conversation, load, events.messages);
        for (const frame of frames) {
          const message: ConversationBusMessage = { kind: 'event', frame };
          await bus.publish(channels.conversation(frame.conversation_id), message);
        }
        for (const row of events.user) {
          await bus.publish(channels.user(row.user_id), { kind: 'event', frame: toUserFrame(row) });
        }
      });
    },
    async sessionsRevoked(sessionIds: number[]) {
      await safely('revocation', async () => {
        for (const id of sessionIds) await bus.publish(channels.session(id), { kind: 'revoked' });
      });
    },
  };
}
