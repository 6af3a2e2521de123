import type { Conversation } from '@parley/protocol/conversation';
import type { CreateReply } from '@parley/protocol/group';
import type { MembersReply } from '@parley/protocol/group';
import type { Client } from './harness';
import { direct, person, sent } from './messaging';
import type { Person } from './messaging';

// Helpers of the group and channel suites: friends, creation by the spec's
// form, and the admin calls.

/**
 * Makes `a` a contact of each of `others` in the consent rule's sense
 * (protocol rules/group-consent.ts): a direct chat in which the other has
 * written, so `a` may add them to groups at once. `a` reads it, so no
 * unread count changes. A bystander cannot write; they let everybody add
 * them instead (messaging.ts).
 */
export async function befriend(client: Client, a: Person, ...others: Person[]): Promise<void> {
  for (const b of others) {
    const chat = await direct(client, a, b);
    if (b.token === '') continue;
    await sent(client, b, chat.id, `hi ${a.name}`);
    await client.post(`/user/messages/read/${chat.id}`, {}, { token: a.token });
  }
}

/** A group owned by `owner` with `members` in it (befriended first), by the real create form. */
export async function groupWith(
  client: Client,
  owner: Person,
  name: string,
  ...members: Person[]
): Promise<CreateReply> {
  await befriend(client, owner, ...members);
  const group = await createConversation(client, owner, 'group', {
    name,
    member_ids: members.map((m) => m.id),
  });
  if (group.invited.length > 0) throw new Error(`groupWith: ${name} sent invitations`);
  return group;
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
): Promise<CreateReply> {
  const { name = `${kind} ${Date.now()}`, member_ids = [], ...rest } = fields;
  const res = await client.post<CreateReply>(
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
