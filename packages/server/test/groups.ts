import type { Conversation } from '@parley/protocol/conversation';
import type { MembersReply } from '@parley/protocol/group';
import type { Client } from './harness';
import { direct, person } from './messaging';
import type { Person } from './messaging';

// Helpers of the group and channel suites: friends (a direct chat makes
// two people friends), creation by the spec's form, and the admin calls.

export async function befriend(client: Client, a: Person, ...others: Person[]): Promise<void> {
  for (const b of others) await direct(client, a, b);
}

export interface CreateFields {
  name?: string;
  type?: 'public' | 'private';
  username?: string;
  description?: string;
  member_ids?: number[];
  has_tasks?: '1' | '0';
}

/** Creates by the JSON form; throws unless 200. */
export async function createConversation(
  client: Client,
  owner: Person,
  kind: 'group' | 'channel',
  fields: CreateFields = {},
): Promise<Conversation> {
  const { name = `${kind} ${Date.now()}`, member_ids = [], ...rest } = fields;
  const res = await client.post<Conversation>(
    `/user/${kind}s/create`,
    { [`${kind}_name`]: name, member_ids: JSON.stringify(member_ids), ...rest },
    { token: owner.token },
  );
  if (res.status !== 200) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Posts the spec's form as multipart (what the web's form sends). */
export async function createMultipart(
  baseUrl: string,
  owner: Person,
  kind: 'group' | 'channel',
  fields: Record<string, string>,
  avatar?: { name: string; data: Uint8Array; type?: string },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (avatar) {
    form.append(
      'avatar',
      new Blob([avatar.data], { type: avatar.type ?? 'application/octet-stream' }),
      avatar.name,
    );
  }
  const response = await fetch(`${baseUrl}/api/v1/user/${kind}s/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function setRole(
  client: Client,
  owner: Person,
  conversationId: number,
  who: Person,
  role: string | null,
) {
  const res = await client.post(
    '/user/role',
    { conversation_id: conversationId, user_id: who.id, role },
    { token: owner.token },
  );
  if (res.status !== 200) throw new Error(`role: ${res.status} ${JSON.stringify(res.body)}`);
}

export function memberAction(
  client: Client,
  actor: Person,
  conversationId: number,
  target: Person,
  action: 'remove' | 'block' | 'unblock',
  body: Record<string, unknown> = {},
) {
  return client.post(`/user/conversations/${conversationId}/members/${target.id}/${action}`, body, {
    token: actor.token,
  });
}

export async function addMembers(
  client: Client,
  actor: Person,
  conversationId: number,
  ...people: Person[]
) {
  const res = await client.post(
    `/user/conversations/${conversationId}/members`,
    { user_ids: people.map((p) => p.id) },
    { token: actor.token },
  );
  if (res.status !== 200) throw new Error(`add: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Three new people, each a friend of the others (the groups suites' cast). */
export async function threeFriends(client: Client): Promise<[Person, Person, Person]> {
  const cast: [Person, Person, Person] = [
    await person(client),
    await person(client),
    await person(client),
  ];
  await befriend(client, ...cast);
  return cast;
}

/** A conversation as `who` sees it, and its member list. */
export function memberViews(client: () => Client) {
  return {
    conversation: (who: Person, id: number) =>
      client().post<Conversation>(
        '/user/conversation',
        { conversation_id: id },
        { token: who.token },
      ),
    membersOf: async (who: Person, id: number) =>
      (
        await client().get<MembersReply>(`/user/conversations/${id}/members`, {
          token: who.token,
        })
      ).body,
  };
}
