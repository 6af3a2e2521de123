import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { THEME_BOOT_SCRIPT } from '@parley/protocol/theme';
import { registerSecurityHeaders } from '../src/http/security-headers';

// index.html carries one inline script (the chosen theme before the first
// paint). The CSP allows no inline script but this one, by its hash: if the
// page's script and the protocol's constant drift apart, the browser would
// silently refuse it and every page would flash the system's theme first.

const webDir = fileURLToPath(new URL('../../web/', import.meta.url));
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);

describe('the theme boot script and the CSP', () => {
  it('index.html (source and, when built, dist) inlines exactly the protocol’s script', () => {
    const pages = ['index.html', 'dist/index.html']
      .map((p) => webDir + p)
      .filter((p) => existsSync(p));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      expect(inlineScripts(readFileSync(page, 'utf8'))).toEqual([THEME_BOOT_SCRIPT]);
    }
  });

  it('the CSP allows that script by its hash and no other inline script', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { https: false });
    app.get('/', async () => 'ok');
    const res = await app.inject('/');
    await app.close();
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    const hash = createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64');
    expect(scriptSrc.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });
});
