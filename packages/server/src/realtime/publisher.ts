import type { FastifyBaseLogger } from 'fastify';
import type { Message } from '@parley/protocol/message';
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

const WITH_MESSAGE = new Set(['message.new', 'message.edited']);

/**
 * Rows of conversation_events → frames. message.new and message.edited get
 * the whole message (as it is now), loaded for all rows with one query.
 */
export async function toConversationFrames(
  rows: ConversationEventRow[],
  load: LoadMessages,
): Promise<ConversationEventFrame[]> {
  const ids = rows
    .filter((r) => WITH_MESSAGE.has(r.type) && typeof r.payload.message_id === 'number')
    .map((r) => r.payload.message_id as number); // checked on the line above
  const messages = new Map((ids.length > 0 ? await load(ids) : []).map((m) => [m.id, m]));
  return rows.map((r) => {
    const message = messages.get(r.payload.message_id as number);
    const payload = WITH_MESSAGE.has(r.type) && message ? { ...r.payload, message } : r.payload;
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
  return { op: 'event', scope: 'user', seq: row.seq, type: row.type, payload: row.payload };
}

export interface RealtimePublisher extends EventPublisher {
  sessionsRevoked(sessionIds: number[]): Promise<void>;
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
  return {
    async published(events: AppendedEvents) {
      await safely('publish', async () => {
        const frames = await toConversationFrames(events.conversation, load);
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
