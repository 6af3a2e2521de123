import type { Plugin, Rolldown } from 'vite';
// By path, not by package name: Vite loads its config with Node, which
// would leave the workspace package's TypeScript to Node untranspiled.
import { CHAT_PAGE_FILE } from '../../protocol/src/rules/chat-path';

// A page opened on the chat asks for the chat's chunks only once the entry
// script has arrived and run (features/chat/boot.ts): on a reload that was
// about 150 ms after the navigation, in a second round of requests. The
// chat page is index.html with those chunks and their styles already named
// in its head (modulepreload), so the browser fetches them beside the entry.
// The server sends it for chat routes only (packages/server/src/http/spa.ts):
// the landing and sign-in pages do not download the chat.

type Bundle = Rolldown.OutputBundle;

/** The module whose chunk is the chat screen (loaded by features/chat/boot.ts). */
const CHAT_SCREEN_MODULE = /[\\/]src[\\/]features[\\/]chat[\\/]ChatShell\.tsx$/;

/** A chunk's file and every file it imports statically, depth first, each once. */
export function staticClosure(bundle: Bundle, fileName: string): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = bundle[name];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  visit(fileName);
  return [...seen];
}

/** The CSS files those chunks bring in (Vite records them per chunk). */
export function stylesOf(bundle: Bundle, files: string[]): string[] {
  const styles = new Set<string>();
  for (const name of files) {
    const chunk = bundle[name];
    if (chunk?.type === 'chunk') chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
  }
  return [...styles];
}

/** `html` with preload links for the files it does not name yet, at the end of its head. */
export function withPreloads(html: string, scripts: string[], styles: string[]): string {
  const links = [
    ...scripts
      .filter((file) => !html.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...styles
      .filter((file) => !html.includes(`/${file}"`))
      // Fetched early but not render-blocking: the chunk loader adds the stylesheet itself.
      .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ];
  if (!html.includes('</head>')) throw new Error('chat page: index.html has no </head>');
  return html.replace('</head>', `${links.join('\n    ')}\n  </head>`);
}

export function chatPagePlugin(): Plugin {
  return {
    name: 'parley-chat-page',
    apply: 'build',
    // After Vite's own HTML plugin has put index.html into the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return this.error('chat page: no index.html in the bundle');
      const screen = Object.values(bundle).find(
        (output) => output.type === 'chunk' && CHAT_SCREEN_MODULE.test(output.facadeModuleId ?? ''),
      );
      if (!screen) return this.error('chat page: no chunk for features/chat/ChatShell.tsx');
      const scripts = staticClosure(bundle, screen.fileName);
      this.emitFile({
        type: 'asset',
        fileName: CHAT_PAGE_FILE,
        source: withPreloads(String(index.source), scripts, stylesOf(bundle, scripts)),
      });
    },
  };
}
