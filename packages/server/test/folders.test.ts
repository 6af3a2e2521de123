import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import { FOLDER_MSG, FOLDERS_MAX, FOLDER_NAME_MAX_LENGTH } from '@parley/protocol/folder';
import type { Folder, FolderChangeReply, FolderList } from '@parley/protocol/folder';
import type { ServerFrame } from '@parley/protocol/realtime';
import { folderAfterChange } from '@parley/protocol/rules/folders';
import type { Client, Reply } from './harness';
import { direct, list, person, pivotOf } from './messaging';
import type { Person } from './messaging';
import { sleep, TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// Conversation folders (features/folders): CRUD and its limits, order,
// assignment (spec 4), the list's folder filter, and the user events that
// keep the user's other tabs in step. Every store backend.

type ErrorBody = { message: string; errors?: Record<string, string[]> };

describe.each(stores())('folders ($name)', (backend) => {
  let client: Client;
  let alice: Person;
  let bob: Person;
  const sockets: TestSocket[] = [];

  const suite = useSuiteServer(backend);
  beforeAll(async () => {
    ({ client } = suite);
    [alice, bob] = [await person(client), await person(client)];
  });
  afterAll(() => {
    for (const s of sockets) s.ws.terminate();
  });

  const folders = async (who: Person) => {
    const res = await client.get<FolderList>('/user/folders', { token: who.token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const create = (who: Person, name: unknown) =>
    client.post<FolderChangeReply & ErrorBody>('/user/folders', { name }, { token: who.token });
  const created = async (who: Person, name: string): Promise<Folder> => {
    const res = await create(who, name);
    if (res.status !== 200 || !res.body.folder) throw new Error(JSON.stringify(res.body));
    return res.body.folder;
  };
  const rename = (who: Person, id: number, name: unknown) =>
    client.call<FolderChangeReply & ErrorBody>(
      'PATCH',
      `/api/v1/user/folders/${id}`,
      { name },
      { token: who.token },
    );
  const remove = (who: Person, id: number) =>
    client.delete<FolderChangeReply & ErrorBody>(`/user/folders/${id}`, { token: who.token });
  const order = (who: Person, ids: unknown) =>
    client.post<FolderChangeReply & ErrorBody>(
      '/user/folders/order',
      { ids },
      { token: who.token },
    );
  const assign = (who: Person, conversationId: number, folderId: number | null) =>
    client.post<{ status: string; folder_id: number | null } & ErrorBody>(
      `/user/conversations/${conversationId}/folder`,
      { folder_id: folderId },
      { token: who.token },
    );
  const names = (reply: { folders: Folder[] }) => reply.folders.map((f) => f.name);
  const fieldError = (res: Reply<ErrorBody>, field: string) => {
    expect(res.status).toBe(422);
    return res.body.errors?.[field];
  };

  it('creates, lists in order, renames and deletes folders', async () => {
    const me = await person(client);
    expect((await folders(me)).folders).toEqual([]);
    const work = await created(me, '  Work  ');
    expect(work).toMatchObject({ name: 'Work', position: 0 });
    const family = await created(me, 'Family');
    const news = await created(me, 'News');
    expect(names(await folders(me))).toEqual(['Work', 'Family', 'News']);
    expect((await folders(me)).folders.map((f) => f.position)).toEqual([0, 1, 2]);

    const renamed = await rename(me, family.id, ' Home ');
    expect(renamed.status).toBe(200);
    expect(names(renamed.body)).toEqual(['Work', 'Home', 'News']);

    const deleted = await remove(me, work.id);
    expect(deleted.status).toBe(200);
    // The rest close the gap and keep their order.
    expect(deleted.body.folders).toEqual([
      { id: family.id, name: 'Home', position: 0 },
      { id: news.id, name: 'News', position: 1 },
    ]);
    expect((await folders(me)).folders).toEqual(deleted.body.folders);
    expect((await remove(me, work.id)).status).toBe(404);
  });

  it('answers 422 with the field message for a bad name', async () => {
    for (const bad of ['', '   ', null, 42]) {
      expect(fieldError(await create(alice, bad), 'name')).toEqual([FOLDER_MSG.nameRequired]);
    }
    const missing = await client.post<ErrorBody>('/user/folders', {}, { token: alice.token });
    expect(fieldError(missing, 'name')).toEqual([FOLDER_MSG.nameRequired]);
    const long = 'x'.repeat(FOLDER_NAME_MAX_LENGTH + 1);
    expect(fieldError(await create(alice, long), 'name')).toEqual([FOLDER_MSG.nameTooLong]);
    const longest = 'y'.repeat(FOLDER_NAME_MAX_LENGTH);
    expect((await create(alice, longest)).status).toBe(200);
    const folder = (await folders(alice)).folders.find((f) => f.name === longest);
    expect(fieldError(await rename(alice, folder?.id ?? 0, ' '), 'name')).toEqual([
      FOLDER_MSG.nameRequired,
    ]);
    expect((await remove(alice, folder?.id ?? 0)).status).toBe(200);
    expect((await client.get('/user/folders')).status).toBe(401);
  });

  it(`allows at most ${FOLDERS_MAX} folders, even when creations race`, async () => {
    const racer = await person(client);
    const replies = await Promise.all(
      Array.from({ length: FOLDERS_MAX + 3 }, (_, i) => create(racer, `F${i}`)),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(FOLDERS_MAX);
    for (const refused of replies.filter((r) => r.status !== 200)) {
      expect(fieldError(refused, 'name')).toEqual([FOLDER_MSG.tooMany]);
    }
    const listed = (await folders(racer)).folders;
    expect(listed).toHaveLength(FOLDERS_MAX);
    expect(listed.map((f) => f.position)).toEqual([...Array(FOLDERS_MAX).keys()]);
  });

  it('reorders only with exactly the caller’s folder ids', async () => {
    const me = await person(client);
    const [a, b, c] = [await created(me, 'A'), await created(me, 'B'), await created(me, 'C')];
    const other = await created(bob, 'Not yours');
    const moved = await order(me, [c.id, a.id, b.id]);
    expect(moved.status).toBe(200);
    expect(names(moved.body)).toEqual(['C', 'A', 'B']);
    expect(names(await folders(me))).toEqual(['C', 'A', 'B']);
    for (const bad of [
      [a.id, b.id],
      [a.id, b.id, c.id, c.id],
      [a.id, b.id, other.id],
      [a.id, a.id, b.id],
      [a.id, b.id, c.id, other.id],
    ]) {
      expect(fieldError(await order(me, bad), 'ids')).toEqual([FOLDER_MSG.orderMismatch]);
    }
    expect(fieldError(await order(me, 'nope'), 'ids')).toEqual([FOLDER_MSG.orderMismatch]);
    expect(names(await folders(me))).toEqual(['C', 'A', 'B']);
  });

  it("hides another user's folder: rename, delete and assignment answer 404", async () => {
    const theirs = await created(bob, 'Bob only');
    const chat = await direct(client, alice, bob);
    expect((await rename(alice, theirs.id, 'Mine now')).status).toBe(404);
    expect((await remove(alice, theirs.id)).status).toBe(404);
    expect((await assign(alice, chat.id, theirs.id)).status).toBe(404);
    expect((await assign(alice, chat.id, 99_999_999)).status).toBe(404);
    expect(names(await folders(bob))).toContain('Bob only');
    expect((await pivotOf(client, alice, chat.id)).folder_id).toBeNull();
  });

  it('assigns a conversation to a folder and back out; non-members get 404', async () => {
    const carol = await person(client);
    const chat = await direct(client, alice, bob);
    const mine = await created(alice, 'Friends');
    const ok = await assign(alice, chat.id, mine.id);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: 'ok', folder_id: mine.id });
    expect((await pivotOf(client, alice, chat.id)).folder_id).toBe(mine.id);
    // Bob's link is his own.
    expect((await pivotOf(client, bob, chat.id)).folder_id).toBeNull();
    const carolsFolder = await created(carol, 'Carol');
    expect((await assign(carol, chat.id, carolsFolder.id)).status).toBe(404);
    expect((await assign(carol, chat.id, null)).status).toBe(404);
    expect((await assign(alice, 99_999_999, mine.id)).status).toBe(404);
    const bad = await client.post<ErrorBody>(
      `/user/conversations/${chat.id}/folder`,
      { folder_id: 'x' },
      { token: alice.token },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.folder_id).toBeDefined();
    expect((await assign(alice, chat.id, null)).body).toEqual({ status: 'ok', folder_id: null });
    expect((await pivotOf(client, alice, chat.id)).folder_id).toBeNull();
  });

  it('deleting a folder takes its conversations out of it, and only that one', async () => {
    const me = await person(client);
    const [x, y] = [await person(client), await person(client)];
    const [cx, cy] = [await direct(client, me, x), await direct(client, me, y)];
    const [one, two] = [await created(me, 'One'), await created(me, 'Two')];
    await assign(me, cx.id, one.id);
    await assign(me, cy.id, two.id);
    // The other member put it in a folder of theirs: untouched by my deletion.
    const xs = await created(x, 'X');
    await assign(x, cx.id, xs.id);
    expect((await remove(me, one.id)).status).toBe(200);
    expect((await pivotOf(client, me, cx.id)).folder_id).toBeNull();
    expect((await pivotOf(client, me, cy.id)).folder_id).toBe(two.id);
    expect((await pivotOf(client, x, cx.id)).folder_id).toBe(xs.id);
  });

  it('filters the list by folder and pages inside it', async () => {
    const me = await person(client);
    const others = [await person(client), await person(client), await person(client)];
    const chats: Conversation[] = [];
    for (const o of others) chats.push(await direct(client, me, o));
    const tab = await created(me, 'Tab');
    const [first, , third] = chats;
    await assign(me, first?.id ?? 0, tab.id);
    await assign(me, third?.id ?? 0, tab.id);

    const all = await list(client, me);
    expect(all.conversations.length).toBeGreaterThanOrEqual(5); // + Saved, System
    const page1 = await list(client, me, `?folder_id=${tab.id}&limit=1`);
    expect(page1.conversations.map((c) => c.id)).toEqual([third?.id]);
    expect(page1.next_cursor).not.toBeNull();
    const page2 = await list(
      client,
      me,
      `?folder_id=${tab.id}&limit=1&before_cursor=${encodeURIComponent(page1.next_cursor ?? '')}`,
    );
    expect(page2.conversations.map((c) => c.id)).toEqual([first?.id]);
    expect(page2.next_cursor).toBeNull();
    // Someone else's folder id shows nothing (pivots only ever hold one's own).
    const theirs = await created(others[0] as Person, 'Theirs');
    expect((await list(client, me, `?folder_id=${theirs.id}`)).conversations).toEqual([]);
    const bad = await client.get<ErrorBody>('/user/conversations?folder_id=abc', {
      token: me.token,
    });
    expect(bad.status).toBe(422);
  });

  it("tells the user's other sockets, and nobody else's", async () => {
    const me = await person(client);
    const friend = await person(client);
    const chat = await direct(client, me, friend);
    const open = async (who: Person) => {
      const socket = await TestSocket.open(suite.server.url);
      sockets.push(socket);
      await socket.ready(who.token);
      return socket;
    };
    const [tab1, tab2, theirs] = [await open(me), await open(me), await open(friend)];
    const isFolders = (f: ServerFrame) =>
      f.op === 'event' && f.scope === 'user' && f.type === 'folders.changed';

    const made = await create(me, 'Live');
    expect(made.status).toBe(200);
    for (const socket of [tab1, tab2]) {
      const frame = await socket.next(isFolders);
      expect(frame).toMatchObject({
        seq: made.body.user_seq,
        payload: { folders: made.body.folders },
      });
    }
    const folderId = made.body.folder?.id ?? 0;
    expect((await assign(me, chat.id, folderId)).status).toBe(200);
    const moved = await tab2.next((f) => f.op === 'event' && f.type === 'conversation.updated');
    expect(moved).toMatchObject({
      scope: 'user',
      payload: { conversation_id: chat.id, folder_id: folderId },
    });
    await sleep(100);
    expect(theirs.frames.some(isFolders)).toBe(false);
    expect(
      theirs.frames.some(
        (f) => f.op === 'event' && f.scope === 'user' && f.type === 'conversation.updated',
      ),
    ).toBe(false);
  });

  it('a client applying the events ends where a fresh fetch does', async () => {
    // Sync equivalence for folders: the state before, plus the user events
    // applied the way the web does (protocol rules/folders.ts), equals the
    // state fetched after.
    const me = await person(client);
    const friend = await person(client);
    const chat = await direct(client, me, friend);
    const socket = await TestSocket.open(suite.server.url);
    sockets.push(socket);
    const keep = await created(me, 'Keep');
    const drop = await created(me, 'Drop');
    await assign(me, chat.id, drop.id);
    const before = { folders: await folders(me), pivot: await pivotOf(client, me, chat.id) };
    await socket.ready(me.token, { user_seq: before.folders.user_seq });

    await rename(me, keep.id, 'Kept');
    await order(me, [drop.id, keep.id]);
    await remove(me, drop.id);
    const after = { folders: await folders(me), pivot: await pivotOf(client, me, chat.id) };
    await socket.next(
      (f) => f.op === 'event' && f.scope === 'user' && f.seq === after.folders.user_seq,
    );

    let state = { list: before.folders.folders, folderId: before.pivot.folder_id };
    for (const f of socket.frames) {
      if (f.op !== 'event' || f.scope !== 'user' || f.seq <= before.folders.user_seq) continue;
      if (f.type === 'folders.changed') {
        const next = (f.payload as { folders: Folder[] }).folders;
        const ids = new Set(next.map((x) => x.id));
        state = { list: next, folderId: folderAfterChange(state.folderId, ids) };
      }
    }
    expect(state).toEqual({ list: after.folders.folders, folderId: after.pivot.folder_id });
    expect(after.pivot.folder_id).toBeNull();
    expect(names(after.folders)).toEqual(['Kept']);
  });
});
