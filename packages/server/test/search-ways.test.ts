import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { matchRanges, searchTerms } from '@parley/protocol/rules/search-text';
import { findMessagesPostgres } from '../src/features/search/postgres-walk';
import type { SearchRoute } from '../src/features/search/postgres-walk';
import { findMessages } from '../src/features/search/queries';
import { indexPendingMessages } from '../src/store/search-indexer';
import { PERSONAL_KINDS } from '@parley/protocol/rules/kinds';
import { flag } from '../src/store/types';
import { createConversation } from './groups';
import { direct, person } from './messaging';
import type { Person } from './messaging';
import type { Backend } from './stores';
import { stores } from './stores';
import { useSuiteServer } from './suite';
import type { SuiteServer } from './suite';

// Message search against a reference: hundreds of messages written straight
// into the store, and for every query, user and page the newest matches the
// rules allow, computed here from the rows themselves (protocol word rule,
// history's visibility). PostgreSQL searches several ways (postgres-walk.ts);
// with tiny windows every way runs on this small store.

const QUERIES = ['alpha', 'beta', 'gamma', 'delta', 'alpha beta', 'beta gamma', 'al', 'zz', 'b'];
const WORDS = ['alpha', 'beta', 'gamma', 'filler', 'other', 'words'];

/** Deterministic texts: alpha in about 40 % of messages, beta 10 %, gamma 2 %, delta once. */
function text(i: number): string {
  const roll = (i * 7919) % 100;
  const words = [WORDS[3 + (i % 3)] ?? 'filler'];
  if (roll < 40) words.push('alpha');
  if (roll % 10 === 3) words.push('beta');
  if (roll % 50 === 7) words.push('gamma');
  if (i === 377) words.push('delta');
  return words.join(' ');
}

interface World {
  a: Person;
  c: Person;
  d: Person;
}

/**
 * a talks with b (most messages) and with c (cleared halfway by a), is in a
 * group with b and c that a then left; b and c talk without a; d talks only
 * with c. One message a hid, one deleted for everyone.
 */
async function seed(suite: SuiteServer): Promise<World> {
  const { client } = suite;
  const db = suite.ts.store.db;
  const [a, b, c, d] = [
    await person(client),
    await person(client),
    await person(client),
    await person(client),
  ];
  const ab = await direct(client, a, b);
  const ac = await direct(client, a, c);
  const bc = await direct(client, b, c);
  const dc = await direct(client, d, c);
  // a and c write back, so b may add them to a group (consent rule).
  await client.post(
    '/user/messages',
    { conversation_id: ab.id, message: 'ok', uuid: randomUUID() },
    { token: a.token },
  );
  await client.post(
    '/user/messages',
    { conversation_id: bc.id, message: 'ok', uuid: randomUUID() },
    { token: c.token },
  );
  const left = await createConversation(client, b, 'group', { member_ids: [a.id, c.id] });
  const chats = [ab, ab, ab, ab, bc, bc, ac, left, dc, ab];
  const at = new Date().toISOString();
  const rows = Array.from({ length: 600 }, (_v, i) => ({
    conversation_id: (chats[i % chats.length] ?? ab).id,
    user_id: [a, b, c, d][i % 4]?.id ?? a.id,
    uuid: randomUUID(),
    message: text(i),
    parent_id: null,
    forwarded_id: null,
    edited: 0,
    created_at: at,
    updated_at: at,
    deleted_at: i === 590 ? at : null,
  }));
  // One statement for all 600 (ids still follow the rows' order); each
  // row's id is found by its uuid rather than by the order of the reply.
  const inserted = await db.insertInto('messages').values(rows).returning(['id', 'uuid']).execute();
  const idOf = new Map(inserted.map((r) => [r.uuid, r.id]));
  const ids = rows.map((r) => idOf.get(r.uuid) ?? 0);
  expect(ids).toEqual([...ids].sort((x, y) => x - y));
  // The search service brings SQLite's index up to date before every search;
  // findMessages below is called directly, so the seed does it here (the
  // indexer's timer alone would race the first test by up to 250 ms).
  await indexPendingMessages(db);
  await db
    .insertInto('message_hidden')
    .values({ user_id: a.id, message_id: ids[580] ?? 0 })
    .execute();
  await db
    .updateTable('conversation_members')
    .set({ cleared: ids[300] ?? 0 })
    .where('conversation_id', '=', ac.id)
    .where('user_id', '=', a.id)
    .execute();
  const leave = await client.post(
    '/user/groups/leave',
    { conversation_id: left.id, user_id: a.id },
    { token: a.token },
  );
  expect(leave.status).toBe(200);
  return { a, c, d };
}

/** What a search for `q` must return to `userId` below `before`, computed from the rows. */
async function expected(suite: SuiteServer, userId: number, q: string, before: number | null) {
  const db = suite.ts.store.db;
  const terms = searchTerms(q);
  const members = await db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.conversation_id', 'm.cleared', 'm.deleted', 'c.type'])
    .where('m.user_id', '=', userId)
    .execute();
  const hidden = new Set(
    (
      await db
        .selectFrom('message_hidden')
        .select('message_id')
        .where('user_id', '=', userId)
        .execute()
    ).map((h) => h.message_id),
  );
  const rows = await db.selectFrom('messages').selectAll().orderBy('id', 'desc').execute();
  return rows
    .filter((r) => {
      const m = members.find((x) => x.conversation_id === r.conversation_id);
      return (
        m !== undefined &&
        r.id > m.cleared &&
        (!flag(m.deleted) || PERSONAL_KINDS.includes(m.type)) &&
        !hidden.has(r.id) &&
        r.deleted_at === null &&
        r.user_id !== null &&
        (before === null || r.id < before) &&
        terms.every((t) => matchRanges(r.message, [t]).length > 0)
      );
    })
    .map((r) => r.id);
}

/** Every page of `q` for `who`, `limit` at a time, newest first. */
async function allPages(
  find: (before: number | null) => Promise<{ id: number }[]>,
  limit: number,
): Promise<number[]> {
  const ids: number[] = [];
  let before: number | null = null;
  for (;;) {
    const page = await find(before);
    ids.push(...page.map((r) => r.id));
    if (page.length < limit) return ids;
    before = page.at(-1)?.id ?? null;
  }
}

function suiteOf(backend: Backend) {
  const suite = useSuiteServer(backend);
  let world: World;
  beforeAll(async () => {
    world = await seed(suite);
  });
  return { suite, world: () => world };
}

// One seeded store per backend for the whole file: both describes only read
// it, so PostgreSQL's every-way walk reuses the world the rules check made
// instead of seeding a second one.
const seeded = new Map(stores().map((backend) => [backend.name, suiteOf(backend)]));
const seededFor = (backend: Backend) => {
  const found = seeded.get(backend.name);
  if (!found) throw new Error(`no seeded store for ${backend.name}`);
  return found;
};

describe.each(stores())('search against the rules ($name)', (backend) => {
  const { suite, world } = seededFor(backend);

  it('finds exactly the visible matches, newest first, page after page', async () => {
    const { a, c, d } = world();
    for (const who of [a, c, d]) {
      for (const q of QUERIES) {
        const want = await expected(suite, who.id, q, null);
        const got = await allPages(
          (before) =>
            findMessages(suite.ts.store.db, who.id, searchTerms(q), { before, limit: 21 }),
          21,
        );
        expect(got, `${q} for ${who.username}`).toEqual(want);
      }
    }
    // The one delta is in the group a left: c still finds it, a does not.
    expect(await expected(suite, c.id, 'delta', null)).toHaveLength(1);
    expect(await expected(suite, a.id, 'delta', null)).toEqual([]);
  });
});

describe.each(stores().filter((b) => b.name === 'postgres'))(
  'search on PostgreSQL, every way ($name)',
  (backend) => {
    const { suite, world } = seededFor(backend);

    it('walks, walks on, uses the index or the conversations, with the same answers', async () => {
      const { a, c, d } = world();
      // The answer depends on the user and the query only: computed once
      // for the four window sizes and page limits below.
      const answers = new Map<string, number[]>();
      const answer = async (who: Person, q: string) => {
        const key = `${who.id} ${q}`;
        const known = answers.get(key);
        if (known) return known;
        const computed = await expected(suite, who.id, q, null);
        answers.set(key, computed);
        return computed;
      };
      const routes = new Set<SearchRoute>();
      for (const sizes of [
        { firstWindow: 8, maxWalk: 64 },
        { firstWindow: 32, maxWalk: 128 },
      ]) {
        for (const limit of [3, 21]) {
          for (const who of [a, c, d]) {
            for (const q of QUERIES) {
              const got = await allPages(
                (before) =>
                  findMessagesPostgres(
                    suite.ts.store.db,
                    who.id,
                    searchTerms(q),
                    { before, limit },
                    sizes,
                    (route) => routes.add(route),
                  ),
                limit,
              );
              const where = `${q} for ${who.username}, ${JSON.stringify(sizes)}, ${limit}`;
              expect(got, where).toEqual(await answer(who, q));
            }
          }
        }
      }
      expect([...routes].sort()).toEqual(['conversations', 'index', 'walk', 'walk-on']);
    });
  },
);
