import type { ApiClient } from '../lib/http';
import { expectStatus } from '../lib/http';
import { Rng } from '../lib/rng';
import type { OpResult } from '../lib/timed';
import { timeOp } from '../lib/timed';
import type { Plan } from './plan';
import { messageIdsOf } from './plan';

// The queries a client makes on a big account, against the real server over
// one keep-alive connection: the conversation list (first page and a page
// deep in it by cursor), a conversation's newest page, an older page by id
// cursor, "around" a message (jump to a reply or a mention) and the read
// mark, whose unread recount counts what is left after the marker, and
// full-text search over every chat of the user (GET /user/search).

export const OPS = [
  'list_first',
  'list_cursor',
  'history_newest',
  'history_older',
  'history_around',
  'read_recount',
  'search',
] as const;
export type OpName = (typeof OPS)[number];

/**
 * Search queries over the seeded vocabulary (lib/rng WORDS): common words
 * (about one message in six holds each), prefixes and two-word queries, so
 * both "many matches, newest 20" and "few matches" are sampled.
 */
const SEARCH_QUERIES = [
  'meeting',
  'invoice',
  'coffee morning',
  'budget report',
  'depl',
  'wea',
  'train station late',
  'zzzz',
];

export interface Target {
  id: number;
  messageIds: number[];
  /** The user's read marker as seeded, moved forward by each measured read. */
  lastRead: number;
}

export interface Prepared {
  cursors: string[];
  listed: number;
  /** Seeded chats whose pivot (unread, read marker) the server reports differently from the plan. */
  mismatched: string[];
  targets: Target[];
  bigTargets: Target[];
}

/** Walks the whole list once (which also yields the cursors to sample) and indexes the chats. */
export async function prepare(api: ApiClient, token: string, plan: Plan): Promise<Prepared> {
  const cursors: string[] = [];
  let listed = 0;
  const pivots = new Map<number, { new_messages: number; last_read_message_id: number | null }>();
  let cursor: string | null = null;
  for (;;) {
    const query: string = cursor ? `&before_cursor=${encodeURIComponent(cursor)}` : '';
    const reply = await api.request('GET', `/user/conversations?limit=50${query}`, { token });
    expectStatus(reply, 200, 'list walk');
    const body = reply.body as {
      conversations: {
        id: number;
        pivot: { new_messages: number; last_read_message_id: number | null };
      }[];
      next_cursor: string | null;
    };
    listed += body.conversations.length;
    for (const c of body.conversations) pivots.set(c.id, c.pivot);
    if (!body.next_cursor) break;
    cursor = body.next_cursor;
    cursors.push(cursor);
  }
  const targets = plan.mainConversations.map((c): Target => {
    const conv = plan.conversations[c];
    if (!conv) throw new Error(`no conversation ${c}`);
    const j = conv.members.indexOf(plan.mainUserId);
    return { id: conv.id, messageIds: messageIdsOf(plan, c), lastRead: conv.lastRead[j] ?? 0 };
  });
  const mismatched: string[] = [];
  for (const c of plan.mainConversations) {
    const conv = plan.conversations[c];
    if (!conv) continue;
    const j = conv.members.indexOf(plan.mainUserId);
    const seen = pivots.get(conv.id);
    const want = { new_messages: conv.newMessages[j], last_read_message_id: conv.lastRead[j] };
    if (
      seen === undefined ||
      seen.new_messages !== want.new_messages ||
      seen.last_read_message_id !== want.last_read_message_id
    ) {
      mismatched.push(
        `chat ${conv.id}: server ${JSON.stringify(seen)}, seeded ${JSON.stringify(want)}`,
      );
    }
  }
  return {
    cursors,
    listed,
    mismatched,
    targets,
    bigTargets: targets.slice(0, plan.bigConversations),
  };
}

/** Half the picks from the deep chats, half from all the user's chats. */
function picker(prepared: Prepared, rng: Rng): () => Target {
  return () => (rng.next() < 0.5 ? rng.pick(prepared.bigTargets) : rng.pick(prepared.targets));
}

export async function runOps(
  api: ApiClient,
  token: string,
  prepared: Prepared,
  count: number,
  seed: number,
): Promise<OpResult[]> {
  const rng = new Rng(seed);
  const pick = picker(prepared, rng);
  const withMessages = (): Target => {
    for (;;) {
      const t = pick();
      if (t.messageIds.length > 0) return t;
    }
  };
  const history = (t: Target, query: string) =>
    api.request('GET', `/user/conversations/${t.id}/messages?limit=50${query}`, { token });
  const results: OpResult[] = [];
  results.push(
    await timeOp(
      'list_first',
      count,
      () => () => api.request('GET', '/user/conversations?limit=50', { token }),
    ),
  );
  results.push(
    await timeOp('list_cursor', count, () => {
      const cursor = prepared.cursors.length > 0 ? rng.pick(prepared.cursors) : '';
      const query = cursor ? `&before_cursor=${encodeURIComponent(cursor)}` : '';
      return () => api.request('GET', `/user/conversations?limit=50${query}`, { token });
    }),
  );
  results.push(
    await timeOp('history_newest', count, () => {
      const t = pick();
      return () => history(t, '');
    }),
  );
  results.push(
    await timeOp('history_older', count, () => {
      const t = withMessages();
      const query = `&before=${rng.pick(t.messageIds)}`;
      return () => history(t, query);
    }),
  );
  results.push(
    await timeOp('history_around', count, () => {
      const t = withMessages();
      const query = `&around=${rng.pick(t.messageIds)}`;
      return () => history(t, query);
    }),
  );
  results.push(
    await timeOp('read_recount', count, () => {
      // Forward from the marker to a random later message: the server recounts the rest.
      const t = withMessages();
      const later = t.messageIds.filter((id) => id > t.lastRead);
      const target = later.length > 0 ? rng.pick(later) : (t.messageIds.at(-1) as number);
      t.lastRead = Math.max(t.lastRead, target);
      return () =>
        api.request('POST', `/user/messages/read/${t.id}`, { token, json: { message_id: target } });
    }),
  );
  results.push(
    await timeOp('search', count, () => {
      const q = encodeURIComponent(rng.pick(SEARCH_QUERIES));
      return () => api.request('GET', `/user/search?type=messages&q=${q}`, { token });
    }),
  );
  return results;
}
