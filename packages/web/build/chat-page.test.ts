import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { staticClosure, stylesOf, withPreloads } from './chat-page';

// A bundle shaped as Rolldown hands it to generateBundle: only the fields
// the chat page reads are filled in.
function chunk(fileName: string, imports: string[], css: string[] = []) {
  return {
    type: 'chunk',
    fileName,
    imports,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set<string>() },
  };
}

const bundle = {
  'js/chunks/ChatShell-a.js': chunk(
    'js/chunks/ChatShell-a.js',
    ['js/chunks/store-b.js', 'js/chunks/react-r.js'],
    ['assets/ChatShell-a.css'],
  ),
  'js/chunks/store-b.js': chunk('js/chunks/store-b.js', ['js/chunks/http-c.js']),
  'js/chunks/http-c.js': chunk('js/chunks/http-c.js', ['js/chunks/store-b.js'], ['assets/x.css']),
  'js/chunks/react-r.js': chunk('js/chunks/react-r.js', []),
  'js/chunks/Settings-s.js': chunk('js/chunks/Settings-s.js', ['js/chunks/store-b.js']),
} as unknown as Rolldown.OutputBundle;

const INDEX = `<html><head>
<script type="module" crossorigin src="/assets/index-e.js"></script>
<link rel="modulepreload" crossorigin href="/js/chunks/react-r.js">
</head><body></body></html>`;

describe('the chat page', () => {
  it('names the chat chunk and everything it imports statically, once each, and nothing else', () => {
    const files = staticClosure(bundle, 'js/chunks/ChatShell-a.js');
    expect(files.sort()).toEqual([
      'js/chunks/ChatShell-a.js',
      'js/chunks/http-c.js',
      'js/chunks/react-r.js',
      'js/chunks/store-b.js',
    ]);
    expect(stylesOf(bundle, files).sort()).toEqual(['assets/ChatShell-a.css', 'assets/x.css']);
  });

  it('adds preloads to the head for what index.html does not already name', () => {
    const html = withPreloads(
      INDEX,
      ['js/chunks/ChatShell-a.js', 'js/chunks/react-r.js'],
      ['assets/ChatShell-a.css'],
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/js/chunks/ChatShell-a.js">',
    );
    expect(head).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/ChatShell-a.css">',
    );
    expect(html.match(/react-r\.js/g)).toHaveLength(1);
    expect(html.endsWith('<body></body></html>')).toBe(true);
  });

  it('refuses a page without a head rather than emitting one without preloads', () => {
    expect(() => withPreloads('<html><body></body></html>', ['a.js'], [])).toThrow(/<\/head>/);
  });
});
