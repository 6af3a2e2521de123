import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import type { Client } from './harness';
import { direct, history, person, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// History pages and their has_older / has_newer at every cursor, page size
// and edge (both ends, an empty page, a cursor on a message the reader
// cannot see), against a model over the ids the reader can see. The server
// reads a page and both flags in one statement; the model is the plain
// definition: more visible messages beyond the page's first / last one (or,
// for an empty page, beyond the cursor).

interface Page {
  ids: number[];
  has_older: boolean;
  has_newer: boolean;
}

function flags(visible: number[], ids: number[], cursor: number | null): Page {
  const first = ids[0] ?? cursor;
  const last = ids.at(-1) ?? cursor;
  return {
    ids,
    has_older: first !== null && visible.some((id) => id < first),
    has_newer: last !== null && visible.some((id) => id > last),
  };
}

/** What a page should hold: `mode` is '' (newest), 'before', 'after' or 'around'. */
function model(visible: number[], mode: string, cursor: number, limit: number): Page {
  if (mode === '') return { ...flags(visible, visible.slice(-limit), null), has_newer: false };
  if (mode === 'before')
    return flags(visible, visible.filter((id) => id < cursor).slice(-limit), cursor);
  if (mode === 'after')
    return flags(visible, visible.filter((id) => id > cursor).slice(0, limit), cursor);
  const newer = visible.filter((id) => id >= cursor).slice(0, limit - Math.floor(limit / 2));
  const room = limit - newer.length;
  const older = room > 0 ? visible.filter((id) => id < cursor).slice(-room) : [];
  return flags(visible, [...older, ...newer], cursor);
}

describe.each(stores())('history pages at their edges ($name)', (backend) => {
  let client: Client;
  let alice: Person;
  let bob: Person;
  let chat: Conversation;
  let all: number[];
  let visible: number[];

  const suite = useSuiteServer(backend);
  beforeAll(async () => {
    ({ client } = suite);
    [alice, bob] = [await person(client), await person(client)];
    chat = await direct(client, alice, bob);
    all = [];
    for (let i = 0; i < 9; i += 1)
      all.push((await sent(client, i % 3 ? alice : bob, chat.id, `m${i}`)).id);
    // Hidden for alice (delete for me: one of bob's, one of hers), and gone
    // for everyone (two of hers): at the start, inside and at the end.
    const forMe = [all[0], all[4]] as number[];
    const forEveryone = [all[5], all[8]] as number[];
    for (const id of forMe) {
      const res = await client.call('DELETE', `/api/v1/user/messages/${id}?for=me`, undefined, {
        token: alice.token,
      });
      expect(res.status).toBe(200);
    }
    for (const id of forEveryone) {
      const res = await client.call(
        'DELETE',
        `/api/v1/user/messages/${id}?for=everyone`,
        undefined,
        {
          token: alice.token,
        },
      );
      expect(res.status).toBe(200);
    }
    visible = all.filter((id) => !forMe.includes(id) && !forEveryone.includes(id));
  });

  it('matches the model for every cursor, page size and kind of page', async () => {
    const first = all[0] ?? 0;
    const cursors = [first - 1, ...all, (all.at(-1) ?? 0) + 1];
    const failures: string[] = [];
    for (const limit of [1, 2, 3, 4, 50]) {
      const cases: [string, number][] = [['', 0]];
      for (const mode of ['before', 'after', 'around'])
        for (const cursor of cursors) cases.push([mode, cursor]);
      for (const [mode, cursor] of cases) {
        const query = mode === '' ? `?limit=${limit}` : `?${mode}=${cursor}&limit=${limit}`;
        const page = await history(client, alice, chat.id, query);
        const seen: Page = {
          ids: page.messages.map((m) => m.id),
          has_older: page.has_older,
          has_newer: page.has_newer,
        };
        const want = model(visible, mode, cursor, limit);
        if (JSON.stringify(seen) !== JSON.stringify(want))
          failures.push(`${query}: got ${JSON.stringify(seen)}, want ${JSON.stringify(want)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers an empty history with an empty page and no more either way', async () => {
    const eve = await person(client);
    const empty = await direct(client, alice, eve);
    for (const query of ['', '?before=5', '?after=5', '?around=5']) {
      const page = await history(client, alice, empty.id, query);
      expect(page).toMatchObject({ messages: [], has_older: false, has_newer: false });
    }
  });
});
