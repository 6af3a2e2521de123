import { beforeAll, describe, expect, it } from 'vitest';
import { cursorAfter, listPage } from '../src/features/conversations/list-page';
import type { ListOptions, ListRoute } from '../src/features/conversations/list-page';
import { flag } from '../src/store/types';
import { list, person } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';
import type { SuiteServer } from './suite';

// The conversation list against a reference: chats written straight into the
// store, many of them busier than the reader's and many sharing one activity
// time, and every page compared with the order computed here (pinned, then
// activity, then id, all descending). Small limits make list-page.ts take
// every way it has: the member-driven query for few chats and folder tabs,
// the walk, the walk that reaches the oldest chat, and the walk that gives
// up because the reader is too rare among the newest chats.

const FOLDER = 4242;
/** Eight activity times: most chats share one with others. */
const at = (i: number) => new Date(Date.UTC(2026, 0, 1 + (i % 8))).toISOString();

/** 160 chats of `other`; the reader is in every fifth, but only the older half. */
async function seed(suite: SuiteServer, reader: Person, other: Person): Promise<void> {
  const db = suite.ts.store.db;
  for (let i = 0; i < 160; i += 1) {
    const { id } = await db
      .insertInto('conversations')
      .values({
        type: 'group',
        name: `chat ${i}`,
        created_at: at(0),
        // The newer half is at least as new as every chat of the reader's.
        last_activity_at: i >= 80 ? at(7 + (i % 3)) : at(i),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const members = [{ conversation_id: id, user_id: other.id, joined_at: at(0) }];
    await db.insertInto('conversation_members').values(members).execute();
    if (i >= 80 || i % 5 !== 0) continue;
    await db
      .insertInto('conversation_members')
      .values({
        conversation_id: id,
        user_id: reader.id,
        joined_at: at(0),
        pinned: i % 20 === 0 ? 1 : 0,
        hidden: i % 35 === 5 ? 1 : 0,
        deleted: i === 45 ? 1 : 0,
        folder_id: i % 2 === 0 ? FOLDER : null,
      })
      .execute();
  }
}

/** The list by the rule, from the reader's rows read without any order. */
async function expected(suite: SuiteServer, userId: number, options: ListOptions) {
  const rows = await suite.ts.store.db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['c.id', 'c.last_activity_at', 'm.pinned', 'm.hidden', 'm.deleted', 'm.folder_id'])
    .where('m.user_id', '=', userId)
    .execute();
  const time = (v: string) => new Date(v).getTime();
  return rows
    .filter((r) => !flag(r.deleted) && (options.includeHidden || !flag(r.hidden)))
    .filter((r) => options.folderId === null || r.folder_id === options.folderId)
    .sort(
      (a, b) =>
        Number(flag(b.pinned)) - Number(flag(a.pinned)) ||
        time(b.last_activity_at) - time(a.last_activity_at) ||
        b.id - a.id,
    )
    .map((r) => r.id);
}

describe.each(stores())('conversation list order ($name)', (backend) => {
  const suite = useSuiteServer(backend);
  let reader: Person;
  beforeAll(async () => {
    reader = await person(suite.client);
    await seed(suite, reader, await person(suite.client));
  });

  it('pages exactly the reference order whichever way each page is read', async () => {
    const db = suite.ts.store.db;
    const routes = new Set<ListRoute>();
    const filters = [
      { includeHidden: false, folderId: null },
      { includeHidden: true, folderId: null },
      { includeHidden: false, folderId: FOLDER },
    ];
    for (const filter of filters) {
      const want = await expected(suite, reader.id, { limit: 0, cursor: null, ...filter });
      expect(want.length).toBeGreaterThan(5);
      const ways = [1, 4, 30, 10_000].flatMap((walkLimit) =>
        [0, 10, 1000].map((manyChats) => ({ walkLimit, manyChats })),
      );
      for (const way of ways) {
        for (const limit of [1, 2, 7, 100]) {
          const got: number[] = [];
          let cursor: ListOptions['cursor'] = null;
          for (;;) {
            const rows = await listPage(
              db,
              reader.id,
              { limit, cursor, ...filter },
              { ...way, onRoute: (r) => routes.add(r) },
            );
            got.push(...rows.map((r) => r.id));
            const last = rows.at(-1);
            if (rows.length < limit || !last) break;
            cursor = cursorAfter(last);
          }
          expect(got, `${JSON.stringify({ ...filter, ...way, limit })}`).toEqual(want);
        }
      }
    }
    expect([...routes].sort()).toEqual([
      'members',
      'pinned',
      'walk',
      'walk-then-members',
      'walk-to-end',
    ]);
  });

  it('gives the same pages over HTTP, through the opaque cursor', async () => {
    const want = await expected(suite, reader.id, {
      limit: 0,
      cursor: null,
      includeHidden: false,
      folderId: null,
    });
    const got: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(
        suite.client,
        reader,
        `?limit=3${cursor ? `&before_cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      got.push(...page.conversations.map((c) => c.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(got).toEqual(want);
  });
});
