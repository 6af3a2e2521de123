import type { Conversation } from '@parley/protocol/conversation';
import type { Message } from '@parley/protocol/message';
import type { ServerFrame } from '@parley/protocol/realtime';
import { applyHistoryFrame } from '@parley/protocol/sync/history';
import type { HistoryState, HistoryThread } from '@parley/protocol/sync/history';
import { applyConversationFrame, applyUserFrame } from '@parley/protocol/sync/list-events';
import { upsertConversations } from '@parley/protocol/sync/list-reducers';
import type { ConversationsState } from '@parley/protocol/sync/list-reducers';
import { applySelfFrame } from '@parley/protocol/sync/self';
import { applyTaskFrame } from '@parley/protocol/sync/tasks';
import type { TaskBoard } from '@parley/protocol/tasks';
import type { User } from '@parley/protocol/user';
import type { Client } from './harness';
import type { Person } from './messaging';

// A web client's state as the sync-equivalence suites read it over HTTP, and
// the application of realtime events to it through the protocol's appliers
// (protocol sync/): the very code the web's stores run. The suite fetches
// this state, applies the events a socket delivered, fetches it again and
// requires both to be equal: anything the events do not carry (or carry
// wrong), or the appliers get wrong, shows up as a difference.

export interface ClientState {
  user: User;
  conversations: Map<number, Conversation>;
  /** The newest page of history of the followed conversations. */
  messages: Map<number, Message[]>;
  unread: number;
  /** The task boards of the followed conversations that have one to read (not System). */
  boards: Map<number, TaskBoard>;
}

const PAGE = 50;

/** A conversation's task board as the Tasks panel reads it; null where there is none. */
async function fetchBoard(client: Client, who: Person, id: number): Promise<TaskBoard | null> {
  const res = await client.get<TaskBoard>(`/user/conversations/${id}/tasks`, { token: who.token });
  return res.status === 200 ? res.body : null;
}

async function fetchBoards(client: Client, who: Person, ids: number[]) {
  const boards = await Promise.all(
    ids.map(async (id) => [id, await fetchBoard(client, who, id)] as const),
  );
  return new Map(boards.filter((b): b is [number, TaskBoard] => b[1] !== null));
}

export async function fetchState(
  client: Client,
  who: Person,
  followed: number[],
): Promise<ClientState> {
  const list = await client.get<{ conversations: Conversation[] }>(
    '/user/conversations?include_hidden=1&limit=100',
    { token: who.token },
  );
  const conversations = new Map(list.body.conversations.map((c) => [c.id, c]));
  // Nothing changes while the state is read, so the rest is asked for at once.
  const shown = followed.filter((id) => conversations.has(id));
  const [pages, unread, user, boards] = await Promise.all([
    Promise.all(
      followed
        .filter((id) => conversations.has(id))
        .map(async (id) => {
          const page = await client.get<{ messages: Message[] }>(
            `/user/conversations/${id}/messages?limit=${PAGE}`,
            { token: who.token },
          );
          return [id, page.body.messages] as const;
        }),
    ),
    client.get<{ count: number }>('/user/unread', { token: who.token }),
    client.get<User>('/user', { token: who.token }),
    fetchBoards(client, who, shown),
  ]);
  const messages = new Map<number, Message[]>(pages);
  return { user: user.body, conversations, messages, unread: unread.body.count, boards };
}

/** A fresh fetch of one conversation (joined / restored ones), with its page if followed. */
export type FetchConversation = (
  id: number,
) => Promise<{ conversation: Conversation; messages: Message[] | null } | null>;

export function conversationFetcher(
  client: Client,
  who: Person,
  followed: number[],
): FetchConversation {
  return async (id) => {
    const res = await client.post<Conversation>(
      '/user/conversation',
      { conversation_id: id },
      { token: who.token },
    );
    if (res.status !== 200) return null;
    if (!followed.includes(id)) return { conversation: res.body, messages: null };
    const page = await client.get<{ messages: Message[] }>(
      `/user/conversations/${id}/messages?limit=${PAGE}`,
      { token: who.token },
    );
    return { conversation: res.body, messages: page.body.messages };
  };
}

/**
 * Applies delivered frames in order with the protocol's appliers, exactly as
 * the web's stores do (protocol sync/), and then what the web does with what
 * they ask to fetch again: the conversation (with its page when followed)
 * and the global unread count. Returns the new state.
 */
export async function applyEvents(
  before: ClientState,
  frames: ServerFrame[],
  me: Person,
  fetchConversation: FetchConversation,
  fetchUnread: () => Promise<number>,
  fetchTaskBoard: (id: number) => Promise<TaskBoard | null> = async () => null,
): Promise<ClientState> {
  const boards = new Map(before.boards);
  const boardRefetch = new Set<number>();
  let list: ConversationsState = {
    byId: Object.fromEntries(before.conversations),
    unreadTotal: before.unread,
    userSeq: 0,
  };
  let history: HistoryState<HistoryThread, never> = {
    threads: Object.fromEntries(
      [...before.messages].map(([id, messages]) => [id, { messages, hasNewer: false }]),
    ),
    pending: {},
  };
  let user = before.user;
  const self = { id: me.id, username: me.username };
  const refetch = new Set<number>();
  for (const frame of frames) {
    if (frame.op !== 'event') continue;
    history = applyHistoryFrame(history, frame);
    user = applySelfFrame(user, frame);
    const board = frame.scope === 'conversation' ? boards.get(frame.conversation_id) : undefined;
    if (board && frame.scope === 'conversation') {
      const applied = applyTaskFrame(board, frame);
      boards.set(board.conversation_id, applied.board);
      if (applied.refetch) boardRefetch.add(board.conversation_id);
    }
    const outcome =
      frame.scope === 'conversation'
        ? applyConversationFrame(list, frame, self)
        : applyUserFrame(list, frame);
    list = outcome.state;
    for (const id of outcome.refetch) refetch.add(id);
  }
  for (const id of refetch) {
    const fetched = await fetchConversation(id);
    if (!fetched) continue;
    list = upsertConversations(list, [fetched.conversation]);
    if (fetched.messages) {
      history = {
        ...history,
        threads: { ...history.threads, [id]: { messages: fetched.messages, hasNewer: false } },
      };
      // A followed conversation fetched again: its board too, as the panel would.
      boardRefetch.add(id);
    }
  }
  // The web drops a board with its conversation.
  for (const id of boards.keys()) if (!list.byId[id]) boards.delete(id);
  for (const id of boardRefetch) {
    const board = await fetchTaskBoard(id);
    if (board) boards.set(id, board);
    else boards.delete(id);
  }
  const unread = refetch.size > 0 ? await fetchUnread() : list.unreadTotal;
  return {
    boards,
    user,
    conversations: new Map(Object.values(list.byId).map((c) => [c.id, c])),
    messages: new Map(
      Object.entries(history.threads).map(([id, thread]) => [Number(id), thread.messages]),
    ),
    unread,
  };
}

/** The comparable form: Maps become sorted plain objects. */
export function comparable(state: ClientState) {
  const byId = <T>(map: Map<number, T>) =>
    Object.fromEntries([...map.entries()].sort(([a], [b]) => a - b));
  return {
    user: state.user,
    conversations: byId(state.conversations),
    messages: byId(state.messages),
    unread: state.unread,
    // A board's last_seq is a lower bound (the server keeps built boards:
    // docs/TASKS.md), so its content is compared, not the seq it names.
    boards: byId(
      new Map([...state.boards].map(([id, { last_seq: _seq, ...board }]) => [id, board])),
    ),
  };
}

export { fetchBoard };
