import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import { LINK_PREVIEW_MSG } from '@parley/protocol/link-preview';
import type { LinkPreviewReply } from '@parley/protocol/link-preview';
import { PREVIEW_TTL_MS } from '../src/features/link-previews/service';
import type { Client } from './harness';
import { bytes, html, redirect, stalls, startOrigin } from './link-previews-origin';
import type { Origin } from './link-previews-origin';
import { direct, person, sent } from './messaging';
import type { Person } from './messaging';
import { stores } from './stores';
import type { TestStore } from './stores';
import { useSuiteServer } from './suite';

// Link previews end to end over real HTTP, on each store backend. The
// "web" is a local server on 127.0.0.1 that this suite starts; the guard is
// opened for exactly its port, and names resolve through an injected
// resolver (preview.test → 127.0.0.1, private.test → 10.0.0.1), so no
// packet ever leaves loopback.

const ARTICLE = `<!doctype html><html><head>
<meta charset="utf-8">
<title>Fallback title</title>
<meta property="og:title" content="Tom &amp; Jerry &lt;3">
<meta property="og:description" content="  A   story
  about <b>cats</b> &amp; mice.  ">
<meta property="og:site_name" content="Cartoons">
<meta property="og:image" content="/image.png">
</head><body><p>${'text '.repeat(1000)}</p></body></html>`;

const PLAIN = `<html><head><title>Only a title</title>
<meta name="description" content="And a meta description."></head><body></body></html>`;

describe.each(stores())('link previews ($name)', (backend) => {
  let origin: Origin;
  let ts: TestStore;
  let client: Client;
  let alice: Person;
  let bob: Person;
  let eve: Person;
  let chat: Conversation;
  const connects: string[] = [];
  let png: Buffer;
  let bomb: Buffer;

  // Registered before the suite's server: the origin's port goes into the
  // app's allow-list, and (hooks stack) the origin closes after the app.
  beforeAll(async () => {
    png = await sharp({
      create: { width: 1200, height: 600, channels: 3, background: { r: 200, g: 30, b: 60 } },
    })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker' } } })
      .toBuffer();
    // A real PNG header that claims 30000 × 30000 pixels (900 Mpx), with almost no data.
    const header = await sharp({
      create: { width: 1, height: 1, channels: 3, background: 'white' },
    })
      .png()
      .toBuffer();
    bomb = Buffer.from(header);
    bomb.writeUInt32BE(30_000, 16);
    bomb.writeUInt32BE(30_000, 20);
    origin = await startOrigin({
      '/article': html(ARTICLE),
      '/image.png': bytes(png, 'image/png'),
      '/plain': html(PLAIN),
      '/moved': redirect('/plain', 301),
      '/to-private': redirect('http://private.test/secret'),
      '/pdf': bytes(Buffer.from('%PDF-1.4 not html'), 'application/pdf'),
      '/slow': stalls,
      '/huge': html(
        `<html><head>${'<meta name="x" content="padding">'.repeat(4000)}<title>Late</title>`,
      ),
      '/fake-image-page': html(
        '<head><title>Fake</title><meta property="og:image" content="/fake.png"></head>',
      ),
      '/fake.png': bytes(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png'),
      '/bomb-page': html(
        '<head><title>Bomb</title><meta property="og:image" content="/bomb.png"></head>',
      ),
      '/bomb.png': bytes(bomb, 'image/png'),
      '/counted': html('<head><title>Counted</title></head>'),
      '/coalesced': (_request, response) => {
        setTimeout(() => html('<head><title>Once</title></head>')(_request, response), 150);
      },
    });
  });

  const suite = useSuiteServer(backend, {
    get linkPreviews() {
      return {
        allow: [{ address: '127.0.0.1', port: origin.port }],
        resolver: async (host: string) => {
          if (host === 'preview.test') return ['127.0.0.1'];
          if (host === 'private.test') return ['10.0.0.1'];
          throw new Error(`unknown test name ${host}`);
        },
        onConnect: (address: string, port: number) => connects.push(`${address}:${port}`),
        page: { timeoutMs: 700, maxBytes: 64 * 1024, maxRedirects: 3 },
        image: { timeoutMs: 2_000, maxBytes: 1024 * 1024, maxRedirects: 3 },
      };
    },
  });
  beforeAll(async () => {
    ({ ts, client } = suite);
    [alice, bob, eve] = [await person(client), await person(client), await person(client)];
    chat = await direct(client, alice, bob);
  });
  afterAll(async () => {
    await origin.close();
  });

  const at = (path: string) => `http://preview.test:${origin.port}${path}`;
  const preview = (who: Person, messageId: number) =>
    client.get<LinkPreviewReply>(`/user/messages/${messageId}/link-preview`, { token: who.token });
  const post = async (text: string) => (await sent(client, alice, chat.id, text)).id;
  const setFlags = (who: Person, flags: { load_links?: number; paranoid?: number }) =>
    ts.store.db.updateTable('users').set(flags).where('id', '=', who.id).execute();

  it('builds a card from Open Graph tags, with a re-encoded thumbnail served by Parley', async () => {
    const url = at('/article');
    const id = await post(`look at this: ${url}, funny`);
    const res = await preview(bob, id);
    expect(res.status).toBe(200);
    expect(res.body.preview).toMatchObject({
      url,
      title: 'Tom & Jerry <3',
      description: 'A story about <b>cats</b> & mice.',
      site_name: 'Cartoons',
      image: { width: 400, height: 200 },
    });
    const image = await client.call('GET', res.body.preview?.image?.url ?? '/missing');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('cache-control')).toMatch(/max-age=31536000/);
    const served = Buffer.from(
      await (await fetch(`${suite.server.url}${res.body.preview?.image?.url}`)).arrayBuffer(),
    );
    const meta = await sharp(served).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 200 });
    expect(meta.exif).toBeUndefined();
    expect(served.includes('secret-exif-marker')).toBe(false);
  });

  it('fetches a URL once for every reader while the cache row lives', async () => {
    const id = await post(`${at('/counted')} for both of us`);
    expect((await preview(bob, id)).body.preview?.title).toBe('Counted');
    expect((await preview(alice, id)).body.preview?.title).toBe('Counted');
    const again = await post(`same page again ${at('/counted#section')}`);
    expect((await preview(bob, again)).body.preview?.title).toBe('Counted');
    expect(origin.hits('/counted')).toBe(1);
  });

  it('shares one fetch between concurrent readers', async () => {
    const id = await post(at('/coalesced'));
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => preview(i % 2 ? alice : bob, id)),
    );
    expect(replies.map((r) => r.body.preview?.title)).toEqual(Array(6).fill('Once'));
    expect(origin.hits('/coalesced')).toBe(1);
  });

  it('follows a redirect to another allowed page', async () => {
    const id = await post(at('/moved'));
    const res = await preview(bob, id);
    expect(res.body.preview).toEqual({
      url: at('/moved'),
      title: 'Only a title',
      description: 'And a meta description.',
      site_name: null,
      image: null,
    });
  });

  it('refuses a redirect to a private address before connecting, and caches the failure', async () => {
    connects.length = 0;
    const id = await post(at('/to-private'));
    const res = await preview(bob, id);
    expect(res.status).toBe(200);
    expect(res.body.preview).toBeNull();
    expect(connects).toEqual([`127.0.0.1:${origin.port}`]);
    expect((await preview(alice, id)).body.preview).toBeNull();
    expect(origin.hits('/to-private')).toBe(1);
    const row = await ts.store.db
      .selectFrom('link_previews')
      .selectAll()
      .where('url_key', '=', at('/to-private'))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(Date.parse(row.expires_at) - Date.parse(row.fetched_at)).toBe(PREVIEW_TTL_MS.failed);
  });

  it('gives up cleanly on a server that stalls', async () => {
    const id = await post(at('/slow'));
    const started = Date.now();
    const res = await preview(bob, id);
    expect(res.status).toBe(200);
    expect(res.body.preview).toBeNull();
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('stops reading a page at the size limit', async () => {
    // The title comes after 130 KB of head: beyond the 64 KiB read, so nothing to show.
    const id = await post(at('/huge'));
    const res = await preview(bob, id);
    expect(res.status).toBe(200);
    expect(res.body.preview).toBeNull();
  });

  it('shows nothing for a page that is not HTML', async () => {
    const id = await post(at('/pdf'));
    expect((await preview(bob, id)).body.preview).toBeNull();
    const row = await ts.store.db
      .selectFrom('link_previews')
      .select('status')
      .where('url_key', '=', at('/pdf'))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('none');
  });

  it('drops an image that is not one by its content, or is a decompression bomb', async () => {
    for (const path of ['/fake-image-page', '/bomb-page']) {
      const id = await post(at(path));
      const res = await preview(bob, id);
      expect(res.body.preview?.title).toBeTruthy();
      expect(res.body.preview?.image).toBeNull();
    }
  });

  it('answers 404 to a non-member, for a deleted message and for a message without a link', async () => {
    const id = await post(at('/article'));
    expect((await preview(eve, id)).status).toBe(404);
    const plain = await post('no link in here');
    expect((await preview(bob, plain)).status).toBe(404);
    const gone = await post(at('/article'));
    await client.delete(`/user/messages/${gone}?for=everyone`, { token: alice.token });
    expect((await preview(bob, gone)).status).toBe(404);
    expect((await preview(bob, 2_000_000_000)).status).toBe(404);
    expect((await client.get(`/user/messages/${id}/link-preview`)).status).toBe(401);
  });

  it('refuses readers whose load_links is off or who are in paranoid mode', async () => {
    const id = await post(at('/article'));
    await setFlags(bob, { load_links: 0 });
    const off = await preview(bob, id);
    expect(off.status).toBe(403);
    expect(off.body).toEqual({ message: LINK_PREVIEW_MSG.turnedOff });
    await setFlags(bob, { load_links: 1, paranoid: 1 });
    expect((await preview(bob, id)).status).toBe(403);
    await setFlags(bob, { paranoid: 0 });
    expect((await preview(bob, id)).status).toBe(200);
  });

  it('serves images only by their random key', async () => {
    expect((await client.get('/link-previews/images/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await client.get('/link-previews/images/1')).status).toBe(422);
  });
});
