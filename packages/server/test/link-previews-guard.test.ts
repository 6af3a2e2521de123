import { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isPublicAddress } from '../src/features/link-previews/address-guard';
import { PreviewFailed, guardedGet } from '../src/features/link-previews/guarded-fetch';
import type { GuardOptions } from '../src/features/link-previews/guarded-fetch';
import { PreviewRefused, checkUrl } from '../src/features/link-previews/url-policy';
import type { UrlPolicy } from '../src/features/link-previews/url-policy';
import { html, redirect, startOrigin } from './link-previews-origin';
import type { Origin } from './link-previews-origin';

// The address guard of link previews. Network rule: nothing here may send
// a packet outside 127.0.0.0/8. Private and metadata addresses reach the
// code only through an injected resolver, and every refusal is asserted to
// happen BEFORE a socket exists: both the fetcher's connect hook and
// net.Socket#connect itself are counted.

const open: UrlPolicy = { allow: [], onlyAllowed: false };

describe('isPublicAddress', () => {
  it.each([
    ['0.0.0.0'],
    ['0.1.2.3'],
    ['10.0.0.1'],
    ['10.255.255.255'],
    ['100.64.0.1'],
    ['100.127.255.254'],
    ['127.0.0.1'],
    ['127.255.255.254'],
    ['169.254.169.254'],
    ['172.16.0.1'],
    ['172.31.255.255'],
    ['192.0.0.8'],
    ['192.0.2.1'],
    ['192.168.1.1'],
    ['198.18.0.1'],
    ['224.0.0.1'],
    ['239.255.255.250'],
    ['240.0.0.1'],
    ['255.255.255.255'],
    ['::'],
    ['::1'],
    ['fc00::1'],
    ['fd12:3456:789a::1'],
    ['fe80::1'],
    ['fec0::1'],
    ['ff02::1'],
    ['100::1'],
    ['2001:db8::1'],
    // IPv4-mapped, in both spellings
    ['::ffff:127.0.0.1'],
    ['::ffff:7f00:1'],
    ['::ffff:10.0.0.1'],
    ['::ffff:169.254.169.254'],
    ['::ffff:192.168.0.1'],
    ['::ffff:0.0.0.0'],
    // IPv4-compatible (deprecated) and SIIT forms
    ['::7f00:1'],
    ['::ffff:0:a00:1'],
    // NAT64 (well-known prefix) and 6to4 embedding private IPv4
    ['64:ff9b::a00:1'],
    ['64:ff9b::7f00:1'],
    ['64:ff9b::a9fe:a9fe'],
    ['2002:a00:1::1'],
    ['2002:7f00:1::'],
    ['2002:c0a8:101::1'],
    // local-use NAT64 and Teredo: refused whatever they carry
    ['64:ff9b:1::808:808'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['fe80::1%eth0'],
    ['not an address'],
    ['example.org'],
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['1.1.1.1'],
    ['8.8.8.8'],
    ['93.184.215.14'],
    ['2606:4700:4700::1111'],
    ['2a00:1450:4001:80b::200e'],
    ['::ffff:8.8.8.8'],
    ['64:ff9b::808:808'],
    ['2002:808:808::1'],
  ])('allows the public %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('checkUrl (before any lookup)', () => {
  const refused = (url: string, policy: UrlPolicy = open) => {
    try {
      checkUrl(url, policy);
    } catch (error) {
      expect(error).toBeInstanceOf(PreviewRefused);
      return (error as PreviewRefused).reason;
    }
    throw new Error(`${url} was not refused`);
  };

  it.each([
    'ftp://example.org/file',
    'file:///etc/passwd',
    'gopher://example.org/',
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'ws://example.org/',
  ])('refuses the scheme of %s', (url) => {
    expect(refused(url)).toMatch(/^scheme/);
  });

  it.each([
    'http://user:secret@example.org/',
    'https://user@example.org/',
    'https://:secret@example.org/',
  ])('refuses credentials in %s', (url) => {
    expect(refused(url)).toBe('credentials in URL');
  });

  it.each(['http://example.org:8080/', 'https://example.org:22/', 'http://example.org:443/'])(
    'refuses the non-default port of %s',
    (url) => {
      expect(refused(url)).toMatch(/^port/);
    },
  );

  it.each([
    ['http://127.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://0x7f.0.0.1/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://2130706433/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://10.0.0.1/', '10.0.0.1'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['http://0xa9.0xfe.0xa9.0xfe/', '169.254.169.254'],
    ['http://192.168.0.1/', '192.168.0.1'],
    ['http://[::1]/', '::1'],
    ['http://[::]/', '::'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[::ffff:a9fe:a9fe]/', '::ffff:a9fe:a9fe'],
    ['http://[fc00::1]/', 'fc00::1'],
    ['http://[fe80::1]/', 'fe80::1'],
    ['https://[64:ff9b::a00:1]/', '64:ff9b::a00:1'],
  ])('refuses the literal %s (as %s)', (url, address) => {
    expect(refused(url)).toBe(`address ${address}`);
  });

  it('refuses localhost names without asking DNS', () => {
    expect(refused('http://localhost/')).toBe('host localhost');
    expect(refused('http://app.localhost/')).toBe('host app.localhost');
  });

  it('opens exactly the allowed address and port, not the rest of loopback', () => {
    const policy: UrlPolicy = {
      allow: [{ address: '127.0.0.1', port: 40123 }],
      onlyAllowed: false,
    };
    expect(checkUrl('http://127.0.0.1:40123/page', policy).port).toBe(40123);
    expect(refused('http://127.0.0.1/', policy)).toBe('address 127.0.0.1');
    expect(refused('http://127.0.0.2:40123/', policy)).toBe('address 127.0.0.2');
    expect(refused('http://127.0.0.1:40124/', policy)).toMatch(/^port/);
  });

  it('in test mode refuses every other host, public ones included, before DNS', () => {
    const policy: UrlPolicy = { allow: [{ address: '127.0.0.1', port: 40123 }], onlyAllowed: true };
    expect(checkUrl('http://127.0.0.1:40123/', policy).literal).toBe(true);
    expect(refused('https://example.org/', policy)).toMatch(/not the test endpoint/);
    expect(refused('http://93.184.215.14/', policy)).toMatch(/not the test endpoint/);
  });

  it('passes public addresses and names through to the lookup', () => {
    expect(checkUrl('https://Example.ORG/a?b#c', open)).toMatchObject({
      host: 'example.org',
      port: 443,
      literal: false,
    });
    expect(checkUrl('http://8.8.8.8/', open)).toMatchObject({ host: '8.8.8.8', literal: true });
  });
});

describe('guardedGet: refusals happen before connecting', () => {
  let origin: Origin;
  let connects: string[];
  let lookups: string[];
  const names: Record<string, string[]> = {
    'private.test': ['10.0.0.1'],
    'metadata.test': ['169.254.169.254'],
    'ula.test': ['fc00::1'],
    'mapped.test': ['::ffff:127.0.0.1'],
    'linklocal6.test': ['fe80::1'],
    'cgnat.test': ['100.64.1.2'],
    // One public answer does not excuse a private one: every address must pass.
    'mixed.test': ['93.184.215.14', '10.0.0.1'],
    'loopback.test': ['127.0.0.1'],
  };
  const options = (): GuardOptions => ({
    allow: [{ address: '127.0.0.1', port: origin.port }],
    onlyAllowed: false,
    userAgent: 'test',
    resolver: async (host) => {
      lookups.push(host);
      const found = names[host];
      if (found) return found;
      if (host === 'origin.test') return ['127.0.0.1'];
      throw new Error(`unknown test name ${host}`);
    },
    onConnect: (address, port) => connects.push(`${address}:${port}`),
  });
  const limits = { timeoutMs: 2_000, maxBytes: 64 * 1024, maxRedirects: 3 };
  const page = { accept: 'text/html', types: () => true };
  const socketConnect = vi.spyOn(Socket.prototype, 'connect');

  beforeAll(async () => {
    origin = await startOrigin({
      '/page': html('<title>ok</title>'),
      '/to-private': redirect('http://private.test/'),
      '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
      '/to-mapped': redirect('http://[::ffff:7f00:1]/'),
      '/to-other-port': redirect('http://127.0.0.1:1/'),
      '/to-ftp': redirect('ftp://example.org/'),
      '/to-self': redirect('/page'),
      '/loop': redirect('/loop'),
    });
  });
  afterAll(async () => {
    socketConnect.mockRestore();
    await origin.close();
  });
  afterEach(() => {
    socketConnect.mockClear();
  });

  const expectRefused = async (url: string, reason: RegExp) => {
    connects = [];
    lookups = [];
    await expect(guardedGet(url, page, limits, options())).rejects.toSatisfy(
      (error) => error instanceof PreviewRefused && reason.test(error.reason),
    );
  };

  it.each(Object.keys(names).filter((n) => n !== 'loopback.test'))(
    'refuses %s without opening a socket',
    async (name) => {
      await expectRefused(`http://${name}/`, new RegExp(`^${name} resolves to`));
      expect(lookups).toEqual([name]);
      expect(connects).toEqual([]);
      expect(socketConnect).not.toHaveBeenCalled();
    },
  );

  it('refuses loopback on a port that is not the allowed one', async () => {
    await expectRefused('http://loopback.test/', /resolves to 127\.0\.0\.1/);
    expect(connects).toEqual([]);
    expect(socketConnect).not.toHaveBeenCalled();
  });

  it('refuses private literals without a lookup or a socket', async () => {
    for (const url of [
      'http://10.0.0.1/',
      'http://[::1]/',
      'http://[fc00::1]/',
      'http://2130706433/',
    ]) {
      await expectRefused(url, /^address /);
      expect(lookups).toEqual([]);
    }
    expect(connects).toEqual([]);
    expect(socketConnect).not.toHaveBeenCalled();
  });

  it('connects to the allowed endpoint, pinned to the address it checked', async () => {
    connects = [];
    lookups = [];
    const got = await guardedGet(`http://origin.test:${origin.port}/page`, page, limits, options());
    expect(got.body.toString()).toBe('<title>ok</title>');
    expect(lookups).toEqual(['origin.test']);
    expect(connects).toEqual([`127.0.0.1:${origin.port}`]);
    expect(socketConnect).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['/to-private', /^private\.test resolves to 10\.0\.0\.1/],
    ['/to-metadata', /^address 169\.254\.169\.254/],
    ['/to-mapped', /^address ::ffff:7f00:1/],
    ['/to-other-port', /^port 1/],
    ['/to-ftp', /^scheme/],
  ])('checks the redirect of %s again and refuses it before connecting', async (path, reason) => {
    await expectRefused(`${origin.url}${path}`, reason);
    // The one connection is to the allowed origin; none to where it pointed.
    expect(connects).toEqual([`127.0.0.1:${origin.port}`]);
    expect(socketConnect).toHaveBeenCalledTimes(1);
  });

  it('follows an allowed redirect, and stops a loop after the limit', async () => {
    connects = [];
    const got = await guardedGet(`${origin.url}/to-self`, page, limits, options());
    expect(got.url.pathname).toBe('/page');
    await expect(guardedGet(`${origin.url}/loop`, page, limits, options())).rejects.toThrow(
      PreviewFailed,
    );
    expect(origin.hits('/loop')).toBe(limits.maxRedirects + 1);
  });
});
