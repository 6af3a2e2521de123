import { randomUUID } from 'node:crypto';
import type { Conversation, ConversationList } from '@parley/protocol/conversation';
import type { HistoryReply, Message } from '@parley/protocol/message';
import type { Client } from './harness';
import { newAccount, registerAndLogin } from './harness';
import type { Store } from '../src/store/db';

// Helpers of the messaging suites: signed-in users with their id, and
// short calls for the common requests.

export interface Person {
  id: number;
  token: string;
  username: string;
  name: string;
}

export async function person(client: Client): Promise<Person> {
  const signed = await registerAndLogin(client);
  const me = await client.get<{ id: number }>('/user', { token: signed.access_token });
  return {
    id: me.body.id,
    token: signed.access_token,
    username: signed.account.username,
    name: signed.account.name,
  };
}

/**
 * Someone a test only acts on (befriends, adds, removes, blocks, gives a
 * role) and who never calls the API: signed up over HTTP like anyone, but
 * never signed in, which saves the sign-in's argon2 verification (about
 * 13 ms) and its session. The id is read from the store; the token is
 * empty, so a call made as them would be a 401. Since they cannot write to
 * anyone, their "Who can add me to groups" is set to everybody in the
 * store: a friend adds them at once (test/group-consent.test.ts covers the
 * other settings).
 */
export async function bystander(client: Client, store: Store): Promise<Person> {
  const account = newAccount('by');
  const reg = await client.post('/register', account);
  if (reg.status !== 200) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const row = await store.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', account.username)
    .executeTakeFirstOrThrow();
  await store.db
    .updateTable('users')
    .set({ who_can_add: 'everybody' })
    .where('id', '=', row.id)
    .execute();
  return { id: row.id, token: '', username: account.username, name: account.name };
}

export async function direct(client: Client, a: Person, b: Person): Promise<Conversation> {
  const res = await client.post<Conversation>(
    '/user/conversations/direct',
    { user_id: b.id },
    { token: a.token },
  );
  if (res.status !== 200) throw new Error(`direct: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export function send(
  client: Client,
  who: Person,
  conversationId: number,
  text: string,
  extra: Record<string, unknown> = {},
) {
  return client.post<Message>(
    '/user/messages',
    { conversation_id: conversationId, uuid: randomUUID(), message: text, ...extra },
    { token: who.token },
  );
}

export async function sent(
  client: Client,
  who: Person,
  conversationId: number,
  text: string,
  extra: Record<string, unknown> = {},
) {
  const res = await send(client, who, conversationId, text, extra);
  if (res.status !== 200) throw new Error(`send: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** PATCH /user/messages/:id as `who`: the reply, for its status and body. */
export function edit(client: Client, who: Person, messageId: number, text: string) {
  return client.call<Message>(
    'PATCH',
    `/api/v1/user/messages/${messageId}`,
    { message: text },
    { token: who.token },
  );
}

export async function history(client: Client, who: Person, conversationId: number, query = '') {
  const res = await client.get<HistoryReply>(
    `/user/conversations/${conversationId}/messages${query}`,
    {
      token: who.token,
    },
  );
  if (res.status !== 200) throw new Error(`history: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function list(client: Client, who: Person, query = '') {
  const res = await client.get<ConversationList>(`/user/conversations${query}`, {
    token: who.token,
  });
  if (res.status !== 200) throw new Error(`list: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function pivotOf(client: Client, who: Person, conversationId: number) {
  const res = await client.post<Conversation>(
    '/user/conversation',
    { conversation_id: conversationId },
    { token: who.token },
  );
  if (res.status !== 200)
    throw new Error(`conversation: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.pivot;
}

export async function conversationEvents(store: Store, conversationId: number) {
  return store.db
    .selectFrom('conversation_events')
    .select(['seq', 'type', 'payload'])
    .where('conversation_id', '=', conversationId)
    .orderBy('seq')
    .execute();
}
