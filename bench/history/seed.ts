import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../packages/server/src/features/auth/passwords';
import type { Database } from '../../packages/server/src/store/types';
import { BulkWriter } from '../lib/bulk';
import { Rng, sentence } from '../lib/rng';
import type { PlannedConversation, Plan } from './plan';
import { messageAt, messageId } from './plan';
import { BENCH_PASSWORD } from '../lib/accounts';

// Writes a Plan into the store with multi-row INSERTs inside transactions,
// row for row what the app's own code paths would have left behind:
// conversations.create() (the conversation, its members, `conversation.created`
// and one `conversation.joined` per member in user-id order), messages.send()
// (the message, last_message_*, unread +1 for the others, `message.new` at the
// next seq) and messages.read() (marker, recount, `conversation.read`, views
// and `message.viewed`). Counters and sequences are computed, not updated row
// by row, which is the whole point of seeding this way.

const MESSAGE_CHUNK = 50_000;

export interface SeedCounts {
  users: number;
  conversations: number;
  members: number;
  messages: number;
  conversationEvents: number;
  userEvents: number;
}

const event = (payload: Record<string, unknown>) => JSON.stringify(payload);

export async function seedPlan(
  db: Kysely<Database>,
  plan: Plan,
  config: { seed: number },
): Promise<SeedCounts> {
  const rng = new Rng(config.seed * 7919);
  const counts: SeedCounts = {
    users: 0,
    conversations: 0,
    members: 0,
    messages: 0,
    conversationEvents: 0,
    userEvents: 0,
  };
  const mainSeq = await db
    .selectFrom('users')
    .select('last_seq')
    .where('id', '=', plan.mainUserId)
    .executeTakeFirstOrThrow();

  // Each user's event log: joins in creation order, then the final reads.
  const userSeq = new Map<number, number>([[plan.mainUserId, mainSeq.last_seq]]);
  for (const id of plan.otherUserIds) userSeq.set(id, 0);
  const nextUserSeq = (id: number) => {
    const seq = (userSeq.get(id) ?? 0) + 1;
    userSeq.set(id, seq);
    return seq;
  };
  const finalUserSeq = new Map(userSeq);
  for (const conv of plan.conversations) {
    for (const [j, member] of conv.members.entries()) {
      const reads = conv.lastRead[j] !== null ? 1 : 0;
      finalUserSeq.set(member, (finalUserSeq.get(member) ?? 0) + 1 + reads);
    }
  }

  const messageCount = (c: number) => (plan.offset[c + 1] ?? 0) - (plan.offset[c] ?? 0);
  const lastIndex = (c: number) => plan.byConversation[(plan.offset[c + 1] ?? 0) - 1] ?? -1;

  // 1. Users, conversations, members, creation events.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const w = new BulkWriter(trx);
    for (const [i, id] of plan.otherUserIds.entries()) {
      const username = `member${id}`;
      await w.add('users', {
        id,
        name: `Member ${i + 1}`,
        username,
        username_key: username,
        login: `${username}@bench.invalid`,
        login_key: `${username}@bench.invalid`,
        password_hash: passwordHash,
        created_at: plan.usersCreatedAt,
        last_seq: finalUserSeq.get(id) ?? 0,
      });
    }
    await w.flush(['users']);
    for (const [c, conv] of plan.conversations.entries()) {
      const n = messageCount(c);
      const last = n > 0 ? lastIndex(c) : -1;
      const lastAt = last >= 0 ? messageAt(plan, last) : null;
      const viewedEvents = conv.viewed.filter(Boolean).length;
      const sorted = [...conv.members].sort((a, b) => a - b);
      await w.add('conversations', {
        id: conv.id,
        type: conv.type,
        name: conv.type === 'group' ? `Group ${c + 1}` : null,
        description: null,
        avatar: null,
        unique_key: conv.type === 'direct' ? `direct:${sorted[0]}:${sorted[1]}` : null,
        created_by: conv.members[0] ?? null,
        created_at: conv.createdAt,
        last_message_id: last >= 0 ? messageId(plan, last) : null,
        last_message_at: lastAt,
        last_activity_at: lastAt ?? conv.createdAt,
        last_seq: 1 + n + viewedEvents,
        pinned_message_id: null,
        is_official: 0,
      });
    }
    await w.flush(['conversations']);
    for (const conv of plan.conversations) {
      for (const [j, member] of conv.members.entries()) {
        await w.add('conversation_members', membership(conv, j, member));
      }
      await w.add('conversation_events', {
        conversation_id: conv.id,
        seq: 1,
        type: 'conversation.created',
        payload: event({ conversation_id: conv.id }),
        created_at: conv.createdAt,
      });
      for (const member of [...conv.members].sort((a, b) => a - b)) {
        await w.add('user_events', {
          user_id: member,
          seq: nextUserSeq(member),
          type: 'conversation.joined',
          payload: event({ conversation_id: conv.id }),
          created_at: conv.createdAt,
        });
      }
    }
    await w.flush(['conversation_members', 'conversation_events', 'user_events']);
    count(counts, w);
  });

  // 2. Messages in id (= time) order, each with its `message.new` event.
  const convSeq = new Int32Array(plan.conversations.length).fill(1);
  for (let from = 0; from < plan.msgConversation.length; from += MESSAGE_CHUNK) {
    await db.transaction().execute(async (trx) => {
      const w = new BulkWriter(trx);
      const to = Math.min(plan.msgConversation.length, from + MESSAGE_CHUNK);
      for (let i = from; i < to; i++) {
        const c = plan.msgConversation[i] as number;
        const conv = plan.conversations[c] as PlannedConversation;
        const id = messageId(plan, i);
        const at = messageAt(plan, i);
        const parent = plan.msgParent[i] ?? 0;
        await w.add('messages', {
          id,
          conversation_id: conv.id,
          user_id: plan.msgSender[i] as number,
          uuid: randomUUID(),
          message: sentence(rng),
          type: 'text',
          parent_id: parent > 0 ? parent : null,
          forwarded_id: null,
          edited: 0,
          views: plan.msgViews[i] ?? 0,
          created_at: at,
          updated_at: at,
          deleted_at: null,
        });
        convSeq[c] = (convSeq[c] ?? 0) + 1;
        await w.add('conversation_events', {
          conversation_id: conv.id,
          seq: convSeq[c] as number,
          type: 'message.new',
          payload: event({ message_id: id }),
          created_at: at,
        });
      }
      await w.flush(['messages', 'conversation_events']);
      count(counts, w);
    });
  }

  // 3. The final reads: `conversation.read` per reader, `message.viewed` when it viewed something.
  await db.transaction().execute(async (trx) => {
    const w = new BulkWriter(trx);
    for (const [c, conv] of plan.conversations.entries()) {
      for (const [j, member] of conv.members.entries()) {
        const lastRead = conv.lastRead[j] ?? null;
        if (lastRead === null) continue;
        await w.add('user_events', {
          user_id: member,
          seq: nextUserSeq(member),
          type: 'conversation.read',
          payload: event({
            conversation_id: conv.id,
            last_read_message_id: lastRead,
            new_messages: conv.newMessages[j] ?? 0,
            mentioned_message_id: null,
          }),
          created_at: plan.readAt,
        });
        if (conv.viewed[j]) {
          convSeq[c] = (convSeq[c] ?? 0) + 1;
          await w.add('conversation_events', {
            conversation_id: conv.id,
            seq: convSeq[c] as number,
            type: 'message.viewed',
            payload: event({ user_id: member, up_to: lastRead }),
            created_at: plan.readAt,
          });
        }
      }
    }
    await w.flush(['user_events', 'conversation_events']);
    count(counts, w);
    await trx
      .updateTable('users')
      .set({ last_seq: finalUserSeq.get(plan.mainUserId) ?? 0 })
      .where('id', '=', plan.mainUserId)
      .execute();
  });
  return counts;
}

function membership(conv: PlannedConversation, j: number, member: number) {
  return {
    conversation_id: conv.id,
    user_id: member,
    role: conv.type === 'group' && j === 0 ? ('owner' as const) : null,
    muted: 0,
    blocked: 0,
    pinned: 0,
    hidden: 0,
    notifications: 1,
    new_messages: conv.newMessages[j] ?? 0,
    mentioned_message_id: null,
    last_read_message_id: conv.lastRead[j] ?? null,
    cleared: 0,
    folder_id: null,
    joined_at: conv.createdAt,
    deleted: 0,
  };
}

function count(counts: SeedCounts, w: BulkWriter): void {
  const n = (t: Parameters<BulkWriter['counts']['get']>[0]) => w.counts.get(t) ?? 0;
  counts.users += n('users');
  counts.conversations += n('conversations');
  counts.members += n('conversation_members');
  counts.messages += n('messages');
  counts.conversationEvents += n('conversation_events');
  counts.userEvents += n('user_events');
}
