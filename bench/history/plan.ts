import { Rng } from '../lib/rng';
import type { HistoryConfig } from './config';

// The data set, decided in memory before anything is written, so every
// derived column (a conversation's last message and event seq, each member's
// read marker, unread counter and the messages' views) is computed from the
// same facts the app would have produced them from. Message ids follow time:
// messages of different conversations interleave, as in a live server.

export interface PlannedConversation {
  id: number;
  type: 'direct' | 'group';
  /** User ids; the first created it (the group's owner). */
  members: number[];
  createdAt: string;
  /** Per member (same order): the read marker after the final reads, and the unread counter. */
  lastRead: (number | null)[];
  newMessages: number[];
  /** Per member: whether that read made messages viewed (a `message.viewed` event). */
  viewed: boolean[];
}

export interface Plan {
  mainUserId: number;
  otherUserIds: number[];
  usersCreatedAt: string;
  conversations: PlannedConversation[];
  /** The measured user's conversations (indexes into `conversations`), big ones first. */
  mainConversations: number[];
  bigConversations: number;
  firstMessageId: number;
  /** Per message, in id order: conversation index, sender id, parent id (0: none), views. */
  msgConversation: Int32Array;
  msgSender: Int32Array;
  msgParent: Int32Array;
  msgViews: Uint8Array;
  msgStartMs: number;
  msgStepMs: number;
  /** Message indexes grouped by conversation: byConversation[offset[c] .. offset[c+1]). */
  byConversation: Int32Array;
  offset: Int32Array;
  /** When the final reads happen (after the last message). */
  readAt: string;
}

const DAY_MS = 86_400_000;

export function messageId(plan: Plan, index: number): number {
  return plan.firstMessageId + index;
}

export function messageAt(plan: Plan, index: number): string {
  return new Date(plan.msgStartMs + index * plan.msgStepMs).toISOString();
}

/** Ids of conversation c's messages, ascending. */
export function messageIdsOf(plan: Plan, c: number): number[] {
  const ids: number[] = [];
  for (let k = plan.offset[c] ?? 0; k < (plan.offset[c + 1] ?? 0); k++) {
    ids.push(plan.firstMessageId + (plan.byConversation[k] ?? 0));
  }
  return ids;
}

export function makePlan(
  config: HistoryConfig,
  ids: {
    mainUserId: number;
    nextUserId: number;
    nextConversationId: number;
    nextMessageId: number;
  },
  now = Date.now(),
): Plan {
  const rng = new Rng(config.seed);
  const otherUserIds = Array.from({ length: config.users }, (_, i) => ids.nextUserId + i);
  // A year of history ending an hour ago; conversations are created before it.
  const endMs = now - 3_600_000;
  const msgStepMs = (365 * DAY_MS) / config.messages;
  const msgStartMs = endMs - config.messages * msgStepMs;
  const convCreated = (c: number) =>
    new Date(msgStartMs - (config.conversations - c) * 1000).toISOString();

  const conversations: PlannedConversation[] = [];
  const add = (type: 'direct' | 'group', members: number[]) => {
    const c = conversations.length;
    conversations.push({
      id: ids.nextConversationId + c,
      type,
      members,
      createdAt: convCreated(c),
      lastRead: [],
      newMessages: [],
      viewed: [],
    });
  };
  const groupOf = (first: number, size: number) => {
    const members = new Set<number>([first]);
    while (members.size < Math.min(size, otherUserIds.length + 1)) {
      members.add(rng.pick(otherUserIds));
    }
    return [...members];
  };

  // The measured user: one in four is a group (3–10 members), the rest direct
  // chats with distinct partners. The user created half of them.
  let partner = 0;
  for (let k = 0; k < config.userConversations; k++) {
    if (k % 4 === 3) {
      const members = groupOf(ids.mainUserId, 3 + rng.int(8));
      if (rng.next() < 0.5) members.push(members.shift() as number);
      add('group', members);
    } else {
      const other = otherUserIds[partner++] as number;
      add('direct', rng.next() < 0.5 ? [ids.mainUserId, other] : [other, ids.mainUserId]);
    }
  }
  // Everyone else: 70 % direct chats between distinct pairs, 30 % groups of 3–20.
  const pairs = new Set<string>();
  while (conversations.length < config.conversations) {
    if (rng.next() < 0.7) {
      const a = rng.pick(otherUserIds);
      const b = rng.pick(otherUserIds);
      const key = `${Math.min(a, b)}:${Math.max(a, b)}`;
      if (a === b || pairs.has(key)) continue;
      pairs.add(key);
      add('direct', [a, b]);
    } else {
      add('group', groupOf(rng.pick(otherUserIds), 3 + rng.int(18)));
    }
  }
  const mainConversations = Array.from({ length: config.userConversations }, (_, k) => k);

  // Messages: `bigShare` of them in the user's first conversations (deep
  // histories to page through), the rest spread over all conversations.
  const total = config.messages;
  const msgConversation = new Int32Array(total);
  const msgSender = new Int32Array(total);
  const msgParent = new Int32Array(total);
  const msgViews = new Uint8Array(total);
  const counts = new Int32Array(config.conversations);
  for (let i = 0; i < total; i++) {
    const c =
      rng.next() < config.bigShare
        ? rng.int(config.bigConversations)
        : rng.int(config.conversations);
    msgConversation[i] = c;
    counts[c] = (counts[c] ?? 0) + 1;
    msgSender[i] = rng.pick((conversations[c] as PlannedConversation).members);
  }
  const offset = new Int32Array(config.conversations + 1);
  for (let c = 0; c < config.conversations; c++)
    offset[c + 1] = (offset[c] ?? 0) + (counts[c] ?? 0);
  const byConversation = new Int32Array(total);
  const fill = offset.slice(0, config.conversations);
  for (let i = 0; i < total; i++) {
    const c = msgConversation[i] as number;
    byConversation[fill[c]!++] = i;
  }
  // 2 % are replies to one of the 50 messages before them in the same chat.
  for (let c = 0; c < config.conversations; c++) {
    const from = offset[c] as number;
    for (let k = from + 1; k < (offset[c + 1] as number); k++) {
      if (rng.next() < 0.02) {
        const back = 1 + rng.int(Math.min(50, k - from));
        msgParent[byConversation[k] as number] =
          ids.nextMessageId + (byConversation[k - back] ?? 0);
      }
    }
  }

  // Final reads, member by member: 60 % read everything, 30 % are 1–40
  // messages behind, 10 % never opened the chat. Each read recounts unread and
  // marks others' messages up to it viewed, exactly as messages.read() does.
  for (let c = 0; c < config.conversations; c++) {
    const conv = conversations[c] as PlannedConversation;
    const from = offset[c] as number;
    const n = (offset[c + 1] as number) - from;
    for (const member of conv.members) {
      const roll = rng.next();
      let upToIndex = -1; // position in this conversation, -1: never read
      if (n > 0 && roll < 0.6) upToIndex = n - 1;
      else if (n > 1 && roll < 0.9) upToIndex = n - 1 - (1 + rng.int(Math.min(40, n - 1)));
      let unread = 0;
      for (let k = upToIndex + 1; k < n; k++) {
        if (msgSender[byConversation[from + k] as number] !== member) unread++;
      }
      let changed = false;
      for (let k = 0; k <= upToIndex; k++) {
        const i = byConversation[from + k] as number;
        if (msgSender[i] !== member && msgViews[i] === 0) {
          msgViews[i] = 1;
          changed = true;
        }
      }
      conv.lastRead.push(
        upToIndex >= 0 ? ids.nextMessageId + (byConversation[from + upToIndex] as number) : null,
      );
      conv.newMessages.push(unread);
      conv.viewed.push(changed);
    }
  }

  return {
    mainUserId: ids.mainUserId,
    otherUserIds,
    usersCreatedAt: new Date(msgStartMs - config.conversations * 1000 - DAY_MS).toISOString(),
    conversations,
    mainConversations,
    bigConversations: config.bigConversations,
    firstMessageId: ids.nextMessageId,
    msgConversation,
    msgSender,
    msgParent,
    msgViews,
    msgStartMs,
    msgStepMs,
    byConversation,
    offset,
    readAt: new Date(endMs + 60_000).toISOString(),
  };
}
