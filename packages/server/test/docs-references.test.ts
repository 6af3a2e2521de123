import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@parley/protocol/constants';
import { startServer } from './harness';
import type { Server } from './harness';
import { registered } from './registered-routes';
import { stores } from './stores';
import type { TestStore } from './stores';

// The docs name routes, settings and scripts; each must exist. A route is
// looked up in the routes the server registers, a setting among the names
// the source reads from the environment (or declares: the docs also name
// code constants in capitals), a script among the package.json scripts.
// Stale docs (issue 33) named things that were gone.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const tracked = (...patterns: string[]) =>
  execFileSync('git', ['ls-files', ...patterns], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);

const DOCS = tracked('README.md', 'docs/*.md', 'packages/*/README.md');

/**
 * Capitalised names the docs may give that no code of ours reads, each with
 * its reason.
 */
const OUTSIDE_NAMES = new Set([
  'AWS_ACCESS_KEY_ID', // the AWS SDK's own credentials chain (docs/OPERATIONS.md, bucket)
  'AWS_SECRET_ACCESS_KEY',
  'WHEN_REQUIRED', // a value of the AWS SDK's checksum settings
  'RLIMIT_NOFILE', // the kernel's limit on open files
]);

/** Routes the docs name as removed: they must stay unregistered for the docs to be true. */
const REMOVED_ROUTES = new Set([
  'POST /user/conversations/group', // docs/API.md: removed (404) in issue 18
]);

/** Every `NAME` the docs give as a setting: `NAME=…`, or a capitalised name with underscores. */
function settingsNamed(text: string): string[] {
  const names = new Set<string>();
  for (const [, code = ''] of text.matchAll(/`([^`\n]+)`/g)) {
    const name =
      /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:=.*)?$/.exec(code) ?? /^([A-Z][A-Z0-9_]+)=/.exec(code);
    if (name?.[1]) names.add(name[1]);
  }
  // Lines of an env file or a shell block: `HOST=127.0.0.1`.
  for (const [, name = ''] of text.matchAll(/^\s*([A-Z][A-Z0-9_]+)=/gm)) names.add(name);
  // The configuration tables: | `PORT` | …
  for (const [, name = ''] of text.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)) names.add(name);
  return [...names];
}

/** Names the source reads from the environment or declares (config*.ts: every capitalised word). */
function knownNames(): Set<string> {
  const known = new Set(OUTSIDE_NAMES);
  const sources = tracked(
    'packages/*/src/**.ts',
    'packages/*/src/**.tsx',
    'packages/server/test/**.ts',
    'scripts/*.mjs',
    'e2e/**.ts',
    'bench/**.ts',
    'bench/**.mjs',
  );
  for (const file of sources) {
    const text = read(file);
    for (const [, name = ''] of text.matchAll(/\benv\??\.([A-Z][A-Z0-9_]*)\b/g)) known.add(name);
    for (const [, name = ''] of text.matchAll(/\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g))
      known.add(name);
    for (const [, name = ''] of text.matchAll(
      /\b(?:const|let|function|enum|class) ([A-Z][A-Z0-9_]+)\b/g,
    )) {
      known.add(name);
    }
    if (/\/config[^/]*\.ts$/.test(file)) {
      for (const [name] of text.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*\b/g)) known.add(name);
    }
  }
  return known;
}

/** Every `METHOD /path` the docs give, as written. */
function routesNamed(text: string): string[] {
  const found = new Set<string>();
  for (const [, method = '', path = ''] of text.matchAll(
    /\b(GET|POST|PUT|PATCH|DELETE) +`?(\/[A-Za-z0-9_:{}<>./…*-]*)/g,
  )) {
    found.add(`${method} ${path.replace(/[.:…]+$/, '')}`);
  }
  // A bare `/api/v1/…` path in code quotes: any method.
  for (const [, path = ''] of text.matchAll(/`(\/api\/v1\/[A-Za-z0-9_:{}<>./-]*)`/g)) {
    found.add(`* ${path.replace(/[.:]+$/, '')}`);
  }
  // "under /api/v1/x/…" and wildcards name a family, not one route.
  return [...found].filter((route) => !/[…*]/.test(route.split(' ')[1] ?? ''));
}

/** A registered route as a test of written paths: `:id` (or a `bot:token` part) matches a segment. */
function routeMatcher(route: string): { method: string; test: (path: string) => boolean } {
  const [method = '', path = ''] = route.split(' ');
  const pattern = path
    .split('/')
    .map((part) =>
      part === '*'
        ? '.*'
        : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+'),
    )
    .join('/');
  const re = new RegExp(`^${pattern}$`);
  return { method, test: (written) => re.test(written) };
}

function scriptsKnown(): Set<string> {
  const names = new Set<string>();
  for (const file of tracked('package.json', '*/package.json', 'packages/*/package.json')) {
    const { scripts = {} } = JSON.parse(read(file)) as { scripts?: Record<string, string> };
    Object.keys(scripts).forEach((name) => names.add(name));
  }
  return names;
}

const sqlite = stores().find((b) => b.name === 'sqlite');

describe('the docs name only what exists', () => {
  let ts: TestStore;
  let server: Server;
  beforeAll(async () => {
    if (!sqlite) throw new Error('no SQLite backend');
    ts = await sqlite.open();
    server = await startServer(ts.store);
  });
  afterAll(async () => {
    await server.close();
    await ts.store.close();
    await ts.destroy();
  });

  it('reads the docs it checks', () => {
    expect(DOCS).toEqual(
      expect.arrayContaining(['README.md', 'docs/OPERATIONS.md', 'docs/API.md']),
    );
  });

  it('routes: every METHOD /path in the docs is a route the server registers', () => {
    const matchers = registered(server)
      .filter((route) => !route.endsWith(' /*')) // the web app's fallback matches anything
      .map(routeMatcher);
    expect(matchers.length).toBeGreaterThan(70);
    const missing: string[] = [];
    for (const doc of DOCS) {
      for (const route of routesNamed(read(doc))) {
        const [method = '', written = ''] = route.split(' ');
        // Placeholders as the docs write them: {id}, <token>, :id.
        const path = written.replace(/\{[^}]*\}|<[^>]*>|:[A-Za-z_]+/g, 'x1');
        const candidates = path.startsWith(API_BASE) ? [path] : [path, `${API_BASE}${path}`];
        const found = matchers.some(
          (m) => (method === '*' || m.method === method) && candidates.some((p) => m.test(p)),
        );
        if (found === REMOVED_ROUTES.has(route)) {
          missing.push(`${doc}: ${route}${found ? ' (documented as removed)' : ''}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('settings: every NAME the docs give is read from the environment or declared in the code', () => {
    const known = knownNames();
    const missing = DOCS.flatMap((doc) =>
      settingsNamed(read(doc))
        .filter((name) => !known.has(name))
        .map((name) => `${doc}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('scripts: every `npm run x` in the docs is a script of a package.json', () => {
    const known = scriptsKnown();
    const missing = DOCS.flatMap((doc) =>
      [...read(doc).matchAll(/npm run ([a-z][\w:-]*)/g)]
        .map(([, name = '']) => name)
        .filter((name) => !known.has(name))
        .map((name) => `${doc}: npm run ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('would notice a route, a setting or a script that does not exist', () => {
    const text = 'Call `POST /user/frobnicate`, set `FROB_LEVEL=3`, run `npm run frobnicate`.';
    expect(routesNamed(text)).toEqual(['POST /user/frobnicate']);
    expect(settingsNamed(text)).toEqual(['FROB_LEVEL']);
    expect(knownNames().has('FROB_LEVEL')).toBe(false);
    expect(scriptsKnown().has('frobnicate')).toBe(false);
    expect(knownNames().has('HOST')).toBe(true);
    expect(knownNames().has('LOG_FORMAT')).toBe(true);
  });
});
