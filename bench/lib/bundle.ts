import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

// The JS and CSS a browser must fetch before the chat screen can render, read
// from the built web app without a browser: index.html's entry script,
// modulepreloads and stylesheets; the static-import closure of those; the
// chat route's lazy chunk (ChatShell, see packages/web/src/app/routes.tsx)
// and its closure; the default locale's catalogue chunk (i18n loads it before
// the first render); and the CSS Vite emitted for any chunk in that set
// (`<chunk name>-<hash>.css`). Sizes are gzip at level 9, in KB of 1,000
// bytes, as Vite's build report counts them. The web scenario cross-checks
// this list against what Chromium actually fetched.

export interface BundleFile {
  path: string;
  bytes: number;
  gzip: number;
}

export interface BundleReport {
  js: BundleFile[];
  css: BundleFile[];
  jsGzip: number;
  cssGzip: number;
}

const STATIC_IMPORT =
  /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{},\s]*?from\s*)?["'`]([^"'`]+\.js)["'`]/g;

/** Hashed file name without directory and hash: `ChatShell-DIXplJF9.js` → `ChatShell`. */
export function chunkName(file: string): string {
  return basename(file).replace(/-[\w-]{8}\.(js|css)$/, '');
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    out[(m[1] ?? '').toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
}

/** index.html's own entry, modulepreloads and stylesheets (paths relative to dist). */
export function htmlAssets(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const m of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const a = attributes(m[2] ?? '');
    const rel = (a.rel ?? '').toLowerCase();
    if ((m[1] ?? '').toLowerCase() === 'script' && a.src && a.type === 'module')
      scripts.push(a.src);
    else if (rel === 'modulepreload' && a.href) scripts.push(a.href);
    else if (rel === 'stylesheet' && a.href) styles.push(a.href);
  }
  const local = (p: string) => p.replace(/^\//, '');
  return {
    scripts: scripts.filter((p) => !/^[a-z]+:/i.test(p)).map(local),
    styles: styles.filter((p) => !/^[a-z]+:/i.test(p)).map(local),
  };
}

function filesUnder(dist: string, dir: string): string[] {
  const full = join(dist, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full).map((f) => posix.join(dir, f));
}

function measure(dist: string, path: string): BundleFile {
  const content = readFileSync(join(dist, path));
  return { path, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
}

export function chatBundle(dist: string, route = 'ChatShell', locale = 'en'): BundleReport {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const { scripts, styles } = htmlAssets(html);
  const allJs = [...filesUnder(dist, 'assets'), ...filesUnder(dist, 'js/chunks')].filter((f) =>
    f.endsWith('.js'),
  );
  const allCss = filesUnder(dist, 'assets').filter((f) => f.endsWith('.css'));
  const named = (name: string) => allJs.filter((f) => chunkName(f) === name);
  const routeChunks = named(route);
  if (routeChunks.length !== 1) {
    throw new Error(`expected one ${route} chunk in ${dist}, found ${routeChunks.length}`);
  }

  const js = new Set<string>();
  const visit = (path: string) => {
    if (js.has(path)) return;
    js.add(path);
    const code = readFileSync(join(dist, path), 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) {
      const target = m[1] ?? '';
      if (!target.startsWith('.')) continue;
      const resolved = posix.normalize(posix.join(dirname(path), target));
      if (existsSync(join(dist, resolved))) visit(resolved);
    }
  };
  for (const s of [...scripts, ...routeChunks, ...named(locale)]) visit(s);
  const jsNames = new Set([...js].map(chunkName));
  const css = new Set(styles);
  for (const f of allCss) if (jsNames.has(chunkName(f))) css.add(f);

  const jsFiles = [...js].map((p) => measure(dist, p)).sort((a, b) => b.gzip - a.gzip);
  const cssFiles = [...css].map((p) => measure(dist, p)).sort((a, b) => b.gzip - a.gzip);
  return {
    js: jsFiles,
    css: cssFiles,
    jsGzip: jsFiles.reduce((n, f) => n + f.gzip, 0),
    cssGzip: cssFiles.reduce((n, f) => n + f.gzip, 0),
  };
}

export const kb = (bytes: number) => Math.round(bytes / 10) / 100;
