import type { ApiClient } from '../lib/http';
import { cookieValue, expectStatus } from '../lib/http';
import { mapLimit } from '../lib/pool';

// Seeding goes through the real HTTP API, like a user would: register, sign
// in, read /user for the id, and let anyone add them to groups ("Who can add
// me to groups": everybody); then each group's first member opens a direct
// chat with each of the others (groups are made with people one has a chat
// with) and creates the group with them by the real create form,
// POST /user/groups/create. Nothing is written to the database behind the
// server's back.

export interface BenchUser {
  index: number;
  id: number;
  token: string;
  group: number;
}

export interface BenchGroup {
  index: number;
  conversationId: number;
  members: BenchUser[];
  /**
   * Sockets that receive each message; every member's (the sender's own
   * included) unless set: XMPP's one-to-one messages reach the peer only.
   */
  deliveriesPerSend?: number;
}

const PASSWORD = 'bench-password';

async function csrfToken(client: ApiClient): Promise<string> {
  const reply = await client.request('GET', '/health');
  const token = cookieValue(reply.setCookie, 'XSRF-TOKEN');
  if (!token) throw new Error('the server set no XSRF-TOKEN cookie');
  return token;
}

async function seedUser(
  client: ApiClient,
  csrf: string,
  runId: string,
  index: number,
  group: number,
): Promise<BenchUser> {
  // Usernames allow latin letters, digits and spaces only.
  const username = `bench${runId}u${index}`;
  const login = `${username}@bench.invalid`;
  const register = await client.request('POST', '/register', {
    csrf,
    json: { name: `Bench ${index}`, username, login, password: PASSWORD },
  });
  expectStatus(register, 200, `register ${username}`);
  const signIn = await client.request('POST', '/login', {
    csrf,
    json: { login, password: PASSWORD },
  });
  expectStatus(signIn, 200, `login ${username}`);
  const token = (signIn.body as { access_token?: unknown }).access_token;
  if (typeof token !== 'string') throw new Error(`login ${username}: no access_token`);
  const me = await client.request('GET', '/user', { token });
  expectStatus(me, 200, `GET /user for ${username}`);
  const id = (me.body as { id?: unknown }).id;
  if (typeof id !== 'number') throw new Error(`GET /user for ${username}: no id`);
  const open = await client.request('POST', '/user/settings/who-can-add', {
    token,
    json: { who_can_add: 'everybody' },
  });
  expectStatus(open, 200, `who-can-add for ${username}`);
  return { index, id, token, group };
}

/** The real create form, with the owner's chats with each member opened first. */
async function createGroup(client: ApiClient, owner: BenchUser, g: number, rest: BenchUser[]) {
  for (const member of rest) {
    const chat = await client.request('POST', '/user/conversations/direct', {
      token: owner.token,
      json: { user_id: member.id },
    });
    expectStatus(chat, 200, `direct chat for group ${g}`);
  }
  const reply = await client.request('POST', '/user/groups/create', {
    token: owner.token,
    json: { group_name: `Bench group ${g}`, member_ids: rest.map((u) => u.id) },
  });
  const invited = (reply.body as { invited?: unknown[] }).invited ?? [];
  if (invited.length > 0) throw new Error(`group ${g}: ${invited.length} were only invited`);
  return reply;
}

export async function seed(
  client: ApiClient,
  groups: number,
  members: number,
  concurrency: number,
  direct = false,
): Promise<BenchGroup[]> {
  const csrf = await csrfToken(client);
  const runId = Date.now().toString(36);
  const slots = Array.from({ length: groups * members }, (_, i) => i);
  const users = await mapLimit(slots, concurrency, (i) =>
    seedUser(client, csrf, runId, i, Math.floor(i / members)),
  );
  return mapLimit(
    Array.from({ length: groups }, (_, g) => g),
    concurrency,
    async (g) => {
      const groupUsers = users.slice(g * members, (g + 1) * members);
      const [owner, ...rest] = groupUsers;
      if (!owner) throw new Error('empty group');
      // --direct: the pair's one-to-one chat, opened as from the other's profile.
      const reply = direct
        ? await client.request('POST', '/user/conversations/direct', {
            token: owner.token,
            json: { user_id: rest[0]?.id },
          })
        : await createGroup(client, owner, g, rest);
      expectStatus(reply, 200, `create ${direct ? 'direct chat' : 'group'} ${g}`);
      const conversationId = (reply.body as { id?: unknown }).id;
      if (typeof conversationId !== 'number') throw new Error(`group ${g}: no id in reply`);
      return { index: g, conversationId, members: groupUsers };
    },
  );
}
