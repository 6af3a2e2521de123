import type { FastifyBaseLogger } from 'fastify';
import type { Message, MessageRef } from '@parley/protocol/message';
import type { ConversationEventFrame, UserEventFrame } from '@parley/protocol/realtime';
import type { Bus } from '../bus/bus';
import { channels } from '../bus/bus';
import type {
  AppendedEvents,
  ConversationEventRow,
  EventPublisher,
  UserEventRow,
} from '../features/conversations/events';
import type { ConversationBusMessage } from './bus-messages';

export type LoadMessages = (ids: number[]) => Promise<Message[]>;

const WITH_MESSAGE = new Set([
  'message.new',
  'message.edited',
  'conversation.pinned_message',
  'message.deleted',
]);

const refOf = (m: Message): MessageRef => ({
  id: m.id,
  message: m.message,
  type: m.type,
  sender: m.sender,
  deleted: false,
});

/** The id of the message a row's frame carries whole, if any. */
function carriedId(row: ConversationEventRow): number | null {
  const key = row.type === 'message.deleted' ? 'last_message_id' : 'message_id';
  const id = row.payload[key];
  return WITH_MESSAGE.has(row.type) && typeof id === 'number' ? id : null;
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
  return rows.map((r) => {
    const id = carriedId(r);
    const message = id === null ? undefined : messages.get(id);
    let payload = r.payload;
    if (r.type === 'conversation.pinned_message') {
      payload = { ...r.payload, pinned_message: message ? refOf(message) : null };
    } else if (r.type === 'message.deleted') {
      if ('last_message_id' in r.payload) payload = { ...r.payload, last_message: message ?? null };
    } else if (message) {
      payload = { ...r.payload, message };
    }
    // The row's type decides the payload's shape; the frame schema states it for clients.
    return {
      op: 'event',
      scope: 'conversation',
      conversation_id: r.conversation_id,
      seq: r.seq,
      type: r.type,
      payload,
    } as ConversationEventFrame;
  });
}

export function toUserFrame(row: UserEventRow): UserEventFrame {
  // As for conversation frames: the row's type decides the payload's shape.
  const { seq, type, payload } = row;
  return { op: 'event', scope: 'user', seq, type, payload } as UserEventFrame;
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
      log.error({ err: error }, `realtime: ${what} failed`);
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
