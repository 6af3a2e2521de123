import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SQLite } from '../src/store/sqlite-driver';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { SearchReply } from '@parley/protocol/search';
import { createLocalDiskStore } from '../src/storage/local-disk';
import { openStore } from '../src/store/db';
import type { Store } from '../src/store/db';
import { CopyRefused, copySqliteToPostgres } from '../src/store/copy/sqlite-to-postgres';
import { tablesInCopyOrder } from '../src/store/copy/introspect';
import { canonical, toPostgres } from '../src/store/copy/values';
import { verifyTable } from '../src/store/copy/verify';
import { fileCalls } from './files';
import { groupWith } from './groups';
import { Client, startServer, tempDir } from './harness';
import type { Server } from './harness';
import { pdf } from './images';
import { conversationEvents, direct, edit, history, list, person, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';

// `npm run migrate-to-postgres`: a SQLite store filled through the real API
// is copied into a new PostgreSQL database, verified table by table, and
// read back through the same API on PostgreSQL — the same history, search
// and conversation list, old tokens still valid, and every counter
// (row ids, event sequences) going on where SQLite stopped.

describe('values between the dialects', () => {
  it('turns 0/1 into booleans and canonicalises both sides alike', () => {
    const flag = { name: 'muted', type: 'boolean' };
    const at = { name: 'created_at', type: 'timestamp with time zone' };
    const doc = { name: 'payload', type: 'jsonb' };
    expect(toPostgres(1, flag)).toBe(true);
    expect(toPostgres(0, flag)).toBe(false);
    expect(canonical(1, flag)).toBe(canonical(true, flag));
    expect(canonical(0, flag)).not.toBe(canonical(true, flag));
    expect(canonical('2026-01-02T03:04:05.678Z', at)).toBe(
      canonical(new Date('2026-01-02T03:04:05.678Z'), at),
    );
    expect(canonical('{"b":1, "a":[2]}', doc)).toBe(canonical({ a: [2], b: 1 }, doc));
    expect(canonical(null, doc)).not.toBe(canonical('null', { name: 'x', type: 'text' }));
  });
});

const pgUrls = stores().some((b) => b.name === 'postgres') ? [process.env.TEST_DATABASE_URL!] : [];

describe.each(pgUrls)('SQLite to PostgreSQL, and back through the API', (adminUrl) => {
  const dir = tempDir('parley-migrate-');
  const sqlitePath = join(dir, 'parley.sqlite');
  const blobs = createLocalDiskStore(join(dir, 'blobs'));
  const database = `parley_copy_${randomBytes(5).toString('hex')}`;
  const targetUrl = (() => {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    return url.toString();
  })();
  const admin = () => new pg.Client({ connectionString: adminUrl });
  const opened: { server?: Server; store?: Store } = {};

  afterAll(async () => {
    await opened.server?.close();
    await opened.store?.close();
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists ${database} with (force)`);
    await c.end();
  });

  it('copies every table, verifies it, and the API on PostgreSQL reads the same', async () => {
    // 1. A SQLite installation, used through the API.
    const sqlite = openStore({ sqlitePath });
    let server = await startServer(sqlite, { blobs });
    let client = new Client(server.url);
    const { uploaded } = fileCalls(() => server.url);
    const [alice, bob, carol] = [await person(client), await person(client), await person(client)];
    const chat = await direct(client, alice, bob);
    const group = await groupWith(client, alice, 'Night owls', bob, carol);
    await sent(client, alice, chat.id, 'the zebra crossing at noon');
    const changed = await sent(client, bob, chat.id, 'see you thereee');
    expect((await edit(client, bob, changed.id, 'see you there')).status).toBe(200);
    const file = await uploaded(carol, pdf(), 'minutes.pdf');
    await sent(client, carol, group.id, 'minutes of the zebra meeting', { file_id: file.id });
    for (let i = 0; i < 5; i += 1) await sent(client, bob, group.id, `Ünïcode ✓ line ${i}`);

    const search = (who: Person, q: string) =>
      client
        .get<SearchReply>(`/user/search?q=${encodeURIComponent(q)}`, { token: who.token })
        .then((r) => r.body);
    const snapshot = async (who: Person) => ({
      chat: who === carol ? null : await history(client, who, chat.id),
      group: await history(client, who, group.id),
      search: await search(who, 'zebra'),
      list: await list(client, who),
    });
    const before = { alice: await snapshot(alice), carol: await snapshot(carol) };
    expect(before.alice.search.messages).toHaveLength(2);
    const counted = await sqlite.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBeGreaterThanOrEqual(8);
    await server.close();
    await sqlite.close();

    // SQLite never hands out an id twice, even once the rows with the highest
    // are gone (sqlite_sequence keeps it): stand in for such deleted rows.
    const sqliteFile = new SQLite(sqlitePath);
    sqliteFile.prepare(`update sqlite_sequence set seq = seq + 50 where name = 'messages'`).run();
    const messagesHandedOut = (
      sqliteFile.prepare(`select seq from sqlite_sequence where name = 'messages'`).get() as {
        seq: number;
      }
    ).seq;
    sqliteFile.close();

    // 2. The copy, into a new database.
    const c = admin();
    await c.connect();
    await c.query(`create database ${database}`);
    await c.end();
    const report = await copySqliteToPostgres({ sqlitePath, databaseUrl: targetUrl });
    const names = report.tables.map((t) => t.table);
    for (const table of ['users', 'sessions', 'conversations', 'conversation_members']) {
      expect(names).toContain(table);
    }
    for (const table of [
      'messages',
      'conversation_events',
      'user_events',
      'files',
      'server_keys',
    ]) {
      expect(names).toContain(table);
    }
    expect(report.tables.filter((t) => !t.ok)).toEqual([]);
    expect(report.tables.find((t) => t.table === 'messages')?.targetRows).toBe(Number(counted.n));
    // SQLite's own bookkeeping of its FTS5 index: PostgreSQL indexes a generated column.
    expect(report.leftBehind).toEqual(['search_index_state']);

    // A second run finds the database in use and refuses, naming why.
    await expect(copySqliteToPostgres({ sqlitePath, databaseUrl: targetUrl })).rejects.toThrow(
      CopyRefused,
    );
    await expect(copySqliteToPostgres({ sqlitePath, databaseUrl: targetUrl })).rejects.toThrow(
      /target database is not empty \(schema public has \d+ tables/,
    );

    // 3. The same installation on PostgreSQL: old tokens, same answers.
    opened.store = openStore({ databaseUrl: targetUrl, pgPoolSize: 3 });
    server = opened.server = await startServer(opened.store, { blobs });
    client = new Client(server.url);
    expect(await snapshot(alice)).toEqual(before.alice);
    expect(await snapshot(carol)).toEqual(before.carol);
    // The files' rows came along; the blobs stay where they were (here one directory for both).
    const download = await fileCalls(() => server.url).download(file.url, bob);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf())).toBe(true);

    // 4. Every counter goes on where SQLite stopped: ids and event sequences.
    const dave = await person(client);
    expect(dave.id).toBe(carol.id + 1);
    const groupSeq = before.alice.list.conversations.find((x) => x.id === group.id)?.last_seq ?? 0;
    const next = await sent(client, bob, group.id, 'first words on PostgreSQL');
    const lastBefore = before.alice.group.messages.reduce((m, x) => Math.max(m, x.id), 0);
    expect(next.id).toBeGreaterThan(lastBefore);
    // The first message numbered on PostgreSQL (dave's sign-up may write some) comes after both.
    const firstNew = await opened.store.db
      .selectFrom('messages')
      .select((eb) => eb.fn.min('id').as('id'))
      .where('id', '>', lastBefore)
      .executeTakeFirstOrThrow();
    expect(Number(firstNew.id)).toBe(messagesHandedOut + 1);
    const after = await list(client, alice);
    expect(after.conversations.find((x) => x.id === group.id)?.last_seq).toBe(groupSeq + 1);
    const seqs = (await conversationEvents(opened.store, group.id)).map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect((await search(alice, 'PostgreSQL')).messages.map((m) => m.message.id)).toEqual([
      next.id,
    ]);

    // 5. The verification sees a changed value: a copy that went wrong would not pass.
    const check = new pg.Client({ connectionString: targetUrl });
    await check.connect();
    try {
      // (Without the rows written on PostgreSQL above: only the changed text differs.)
      await check.query(`delete from messages where id > $1`, [lastBefore]);
      await check.query(`update messages set message = 'changed' where id = $1`, [changed.id]);
      const messages = (await tablesInCopyOrder(check)).find((t) => t.name === 'messages');
      const source = new SQLite(sqlitePath, { readonly: true });
      const result = await verifyTable(source, check, messages!);
      source.close();
      expect(result).toMatchObject({ ok: false, sourceRows: result.targetRows });
      expect(result.sourceChecksum).not.toBe(result.targetChecksum);
    } finally {
      await check.end();
    }
  });
});
