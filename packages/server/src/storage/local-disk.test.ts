import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalDiskStore } from './local-disk';

// What the sweep asks of the disk store: old complete blobs by prefix, and
// the *.part files of writes that stopped — never a write still going on.

const HOUR = 3_600_000;

describe('local disk store, for the sweep', () => {
  it('lists only old complete blobs of one prefix, and removes only old partial writes', async () => {
    const root = mkdtempSync(join(tmpdir(), 'parley-disk-'));
    const store = createLocalDiskStore(root);
    const old = await store.put('files', Buffer.from('old'));
    const young = await store.put('files', Buffer.from('young'));
    const thumb = await store.put('thumbnails', Buffer.from('thumb'));
    const pathOf = (key: string) => {
      const [prefix, name] = key.split('/') as [string, string];
      return join(root, prefix, name.slice(0, 2), name);
    };
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
    utimesSync(pathOf(old.key), twoHoursAgo, twoHoursAgo);
    utimesSync(pathOf(thumb.key), twoHoursAgo, twoHoursAgo);
    // A write that stopped two hours ago, one still going, and a stranger's file.
    mkdirSync(join(root, 'files', 'ab'), { recursive: true });
    const stale = join(root, 'files', 'ab', `${'ab'.repeat(16)}.0badc0de.part`);
    const live = join(root, 'files', 'ab', `${'ab'.repeat(16)}.12345678.part`);
    const other = join(root, 'files', 'ab', 'notes.txt');
    for (const path of [stale, live, other]) writeFileSync(path, 'x');
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    utimesSync(other, twoHoursAgo, twoHoursAgo);

    const before = new Date(Date.now() - HOUR);
    const listed: string[] = [];
    for await (const key of store.listOlderThan('files', before)) listed.push(key);
    expect(listed).toEqual([old.key]);
    expect(listed).not.toContain(young.key);

    expect(await store.removeAbandoned(before)).toBe(1);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(other)).toBe(true);
    expect(existsSync(pathOf(old.key))).toBe(true);
  });

  it('lists nothing from a store that never stored anything', async () => {
    const store = createLocalDiskStore(join(tmpdir(), 'parley-disk-none', String(Date.now())));
    const listed: string[] = [];
    for await (const key of store.listOlderThan('files', new Date())) listed.push(key);
    expect(listed).toEqual([]);
    expect(await store.removeAbandoned(new Date())).toBe(0);
  });
});
