import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parley/protocol/messages';
import { SEARCH_MSG, SEARCH_PAGE, SEARCH_QUERY_MAX } from '@parley/protocol/search';
import type { SearchReply } from '@parley/protocol/search';
import type { Client } from './harness';
import { NO_LIMITS } from './harness';
import { befriend, createConversation, memberAction } from './groups';
import { direct, edit, person, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// GET /user/search. Every test signs up fresh people: only messages of the
// searcher's own conversations can be found, so tests cannot see each
// other's texts and may reuse ordinary words.

describe.each(stores())('search ($name)', (backend) => {
  let client: Client;
  const suite = useSuiteServer(backend);
  beforeAll(() => {
    ({ client } = suite);
  });

  const call = (who: Person, query: string) =>
    client.get<SearchReply>(`/user/search?${query}`, { token: who.token });

  async function found(who: Person, q: string, extra = ''): Promise<SearchReply> {
    const res = await call(who, `q=${encodeURIComponent(q)}${extra}`);
    if (res.status !== 200) throw new Error(`search: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const ids = async (who: Person, q: string) =>
    (await found(who, q, '&type=messages')).messages.map((m) => m.message.id);

  async function pair() {
    const [a, b] = [await person(client), await person(client)];
    return { a, b, chat: await direct(client, a, b) };
  }

  it('finds a word and a prefix, newest first, with the matches as ranges of a snippet', async () => {
    const { a, b, chat } = await pair();
    const older = await sent(client, a, chat.id, 'The train to the station leaves at noon');
    const newer = await sent(client, b, chat.id, 'Meet me at the STATION, platform 4');
    await sent(client, a, chat.id, 'something else entirely');

    const reply = await found(a, 'station');
    expect(reply.messages.map((m) => m.message.id)).toEqual([newer.id, older.id]);
    const first = reply.messages[0];
    expect(first?.message).toMatchObject({ id: newer.id, sender: { id: b.id, name: b.name } });
    expect(first?.conversation).toMatchObject({
      id: chat.id,
      type: 'direct',
      name: null,
      friend: { id: b.id, name: b.name },
    });
    const snippet = first?.snippet;
    expect(snippet?.text).toBe('Meet me at the STATION, platform 4');
    expect(snippet?.highlights.map(([s, e]) => snippet.text.slice(s, e))).toEqual(['STATION']);

    expect(await ids(a, 'stat')).toEqual([newer.id, older.id]);
    expect(await ids(b, 'PLATF')).toEqual([newer.id]);
    // Every word must match (as a word prefix).
    expect(await ids(a, 'station noon')).toEqual([older.id]);
    expect(await ids(a, 'station lunch')).toEqual([]);
    // A prefix of a word, not a piece inside it.
    expect(await ids(a, 'tation')).toEqual([]);
  });

  it('matches Cyrillic, Armenian and French text regardless of case and accents', async () => {
    const { a, b, chat } = await pair();
    const ru = await sent(client, a, chat.id, 'Привет! Встретимся завтра у вокзала');
    const hy = await sent(client, b, chat.id, 'Բարեւ ձեզ, ինչպես եք');
    const fr = await sent(client, a, chat.id, "Rendez-vous au café près de l'école");

    expect(await ids(b, 'привет')).toEqual([ru.id]);
    expect(await ids(b, 'ВСТРЕТ')).toEqual([ru.id]);
    expect(await ids(a, 'բարեւ')).toEqual([hy.id]);
    expect(await ids(a, 'ԻՆՉՊԵՍ')).toEqual([hy.id]);
    expect(await ids(b, 'cafe')).toEqual([fr.id]);
    expect(await ids(b, 'ÉCOLE')).toEqual([fr.id]);
    expect(await ids(b, 'rendez vous')).toEqual([fr.id]);

    const reply = await found(b, 'вокз');
    const snippet = reply.messages[0]?.snippet;
    expect(snippet?.highlights.map(([s, e]) => snippet.text.slice(s, e))).toEqual(['вокзала']);
    const cafe = (await found(a, 'cafe')).messages[0]?.snippet;
    expect(cafe?.highlights.map(([s, e]) => cafe.text.slice(s, e))).toEqual(['café']);
  });

  it("finds only the caller's conversations, and not after leaving or removal", async () => {
    const [owner, bob, carol, eve] = [
      await person(client),
      await person(client),
      await person(client),
      await person(client),
    ];
    // Two-way chats: bob and carol consent to be added by the owner.
    await befriend(client, owner, bob, carol);
    const group = await createConversation(client, owner, 'group', {
      name: 'Trips',
      member_ids: [bob.id, carol.id],
    });
    const m = await sent(client, owner, group.id, 'Tickets for the ferry are booked');

    for (const who of [owner, bob, carol]) expect(await ids(who, 'ferry')).toEqual([m.id]);
    expect(await ids(eve, 'ferry')).toEqual([]);
    const hit = (await found(bob, 'ferry')).messages[0];
    expect(hit?.conversation).toMatchObject({ id: group.id, type: 'group', name: 'Trips' });

    expect((await memberAction(client, owner, group.id, bob, 'remove')).status).toBe(200);
    const left = await client.post(
      '/user/groups/leave',
      { conversation_id: group.id, user_id: carol.id },
      { token: carol.token },
    );
    expect(left.status).toBe(200);
    expect(await ids(bob, 'ferry')).toEqual([]);
    expect(await ids(carol, 'ferry')).toEqual([]);
    expect(await ids(owner, 'ferry')).toEqual([m.id]);
  });

  it('follows edits, and leaves out deleted, hidden and cleared messages', async () => {
    const { a, b, chat } = await pair();
    const edited = await sent(client, a, chat.id, 'the budget draft is attached');
    const patch = await edit(client, a, edited.id, 'the invoice is attached');
    expect(patch.status).toBe(200);
    expect(await ids(b, 'budget')).toEqual([]);
    expect(await ids(b, 'invoice')).toEqual([edited.id]);

    const gone = await sent(client, a, chat.id, 'secret meeting place');
    expect(await ids(b, 'meeting')).toEqual([gone.id]);
    expect(
      (await client.delete(`/user/messages/${gone.id}?for=everyone`, { token: a.token })).status,
    ).toBe(200);
    expect(await ids(a, 'meeting')).toEqual([]);
    expect(await ids(b, 'meeting')).toEqual([]);

    const mine = await sent(client, b, chat.id, 'hidden lunch plans');
    expect(
      (await client.delete(`/user/messages/${mine.id}?for=me`, { token: a.token })).status,
    ).toBe(200);
    expect(await ids(a, 'lunch')).toEqual([]);
    expect(await ids(b, 'lunch')).toEqual([mine.id]);

    const before = await sent(client, b, chat.id, 'weather report: rain');
    expect(
      (await client.post(`/user/conversations/${chat.id}/clear`, undefined, { token: a.token }))
        .status,
    ).toBe(200);
    const after = await sent(client, b, chat.id, 'weather report: sun');
    expect(await ids(a, 'weather')).toEqual([after.id]);
    expect(await ids(b, 'weather')).toEqual([after.id, before.id]);
  });

  it("does not find the server's own texts", async () => {
    const a = await person(client);
    // Every account's System chat starts with the welcome text.
    expect(await ids(a, 'Welcome Parley')).toEqual([]);
  });

  it('pages newest first by `before`', async () => {
    const { a, chat } = await pair();
    const all: number[] = [];
    for (let i = 0; i < SEARCH_PAGE + 5; i++) {
      all.push((await sent(client, a, chat.id, `report number ${i}`)).id);
    }
    const newestFirst = [...all].reverse();
    const first = await found(a, 'report', '&type=messages');
    expect(first.messages.map((m) => m.message.id)).toEqual(newestFirst.slice(0, SEARCH_PAGE));
    expect(first.next_before).toBe(newestFirst[SEARCH_PAGE - 1]);
    const second = await found(a, 'report', `&type=messages&before=${first.next_before}`);
    expect(second.messages.map((m) => m.message.id)).toEqual(newestFirst.slice(SEARCH_PAGE));
    expect(second.next_before).toBeNull();
  });

  it('treats operators and quotes as plain text: hostile queries are answered, never 500', async () => {
    const { a, chat } = await pair();
    const m = await sent(client, a, chat.id, 'near the "quoted" OR and not -minus a*b');
    const hostile = [
      '"',
      '*',
      'a OR',
      'OR',
      'NEAR(',
      'NEAR(a b)',
      "'",
      '\\',
      '""',
      '"quoted" AND',
      '-minus',
      'a*b',
      'not',
      '(',
      ')',
      '^',
      ':',
      'message:near',
      '{a b}',
      'a & b | !c',
      "quoted':*",
      '<->',
      '%',
      '_',
      'a\u0001b',
      '🙂',
    ];
    for (const q of hostile) {
      const res = await call(a, `q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    expect(await ids(a, '"quoted" OR')).toEqual([m.id]);
    expect(await ids(a, 'NEAR(')).toEqual([m.id]);
    expect(await ids(a, '-minus')).toEqual([m.id]);
    // Nothing but a control character is an empty query.
    expect((await call(a, `q=${encodeURIComponent('\u0001')}`)).status).toBe(422);
    // NUL is refused on every route (http/validation.ts), search included.
    const nul = await call(a, `q=${encodeURIComponent('a\u0000b')}`);
    expect(nul.status).toBe(422);
    expect((nul.body as unknown as { errors: unknown }).errors).toEqual({ q: [MSG.nulCharacter] });
  });

  it('refuses an empty or too long query with a field message, and anonymous callers', async () => {
    const a = await person(client);
    for (const query of ['', 'q=', 'q=%20%20', `q=${'a'.repeat(SEARCH_QUERY_MAX + 1)}`]) {
      const res = await call(a, query);
      expect(res.status, query).toBe(422);
      const message = query.length > 50 ? SEARCH_MSG.queryTooLong : SEARCH_MSG.queryRequired;
      expect(res.body, query).toMatchObject({ errors: { q: [message] } });
    }
    expect((await call(a, `q=${'a'.repeat(SEARCH_QUERY_MAX)}`)).status).toBe(200);
    expect((await call(a, 'q=a&type=everything')).status).toBe(422);
    expect((await call(a, 'q=a&before=-1')).status).toBe(422);
    expect((await client.get('/user/search?q=a')).status).toBe(401);
  });

  it('finds people who allow it and public groups and channels, with the first page only', async () => {
    const a = await person(client);
    const tag = randomUUID().replace(/-/g, '').slice(0, 10);
    const b = await person(client);
    const pub = await createConversation(client, b, 'channel', {
      name: `Harbour News ${tag}`,
      type: 'public',
      username: `harbour${tag}`,
    });
    const priv = await createConversation(client, b, 'group', { name: `Harbour Private ${tag}` });

    const byUsername = await found(a, `@harbour${tag}`);
    expect(byUsername.groups).toEqual([
      {
        id: pub.id,
        type: 'channel',
        name: `Harbour News ${tag}`,
        username: `harbour${tag}`,
        avatar: null,
        members_count: 1,
        is_member: false,
      },
    ]);
    const byWord = await found(b, 'NEWS');
    expect(byWord.groups.map((g) => g.id)).toContain(pub.id);
    expect((await found(b, `harbour${tag}`)).groups[0]).toMatchObject({ is_member: true });
    expect((await found(a, tag)).groups.map((g) => g.id)).not.toContain(priv.id);

    const people = await found(a, b.username);
    expect(people.users.map((u) => u.id)).toEqual([b.id]);
    const messagesOnly = await found(a, b.username, '&type=messages');
    expect(messagesOnly.users).toEqual([]);
    expect(messagesOnly.groups).toEqual([]);
    const paged = await found(a, b.username, '&before=1000');
    expect(paged.users).toEqual([]);
  });
});

describe.each(stores())('search rate limit ($name)', (backend) => {
  const suite = useSuiteServer(backend, {
    rateLimits: { ...NO_LIMITS, searchPerUser: { max: 2, windowSeconds: 60 } },
  });

  it('answers 429 past the per-user limit', async () => {
    const a = await person(suite.client);
    const b = await person(suite.client);
    const get = (who: Person) =>
      suite.client.get('/user/search?q=hello', { token: who.token }).then((r) => r.status);
    expect([await get(a), await get(a), await get(a)]).toEqual([200, 200, 429]);
    expect(await get(b)).toBe(200);
  });
});
