import type { routes } from '@parley/protocol/http/routes';
import { formatDateTime } from '@parley/protocol/rules/format-date';
import { prefetch } from '../../api/prefetch';
import { lazyPage } from '../../lib/lazy';
import { preloadCacheRows } from '../../lib/cache-db';
import { hasCredentials } from '../../lib/tokens';

// A page opened on the chat, signed in, starts everything the list's first
// paint waits for as soon as the entry runs, side by side: the chat's code,
// the IndexedDB cache and the first API replies. Left to the chat screen,
// each began only after the one before it (entry → dictionary → chat chunk
// → mount → requests and cache). This module is part of the entry, so it
// imports nothing heavy.

/**
 * The chat screen's chunk, one loader for the route and the early start.
 * Once the code is here its data starts moving into the stores; a cache
 * already read gets there before the screen's first render (microtasks,
 * ahead of React's render task), so the list paints in that render.
 */
export async function loadChatShell() {
  const screen = await import('../shell/ChatShell');
  screen.prepareChatShell();
  return screen;
}

/** The chat route's screen; the entry preloads it so the route renders it without suspending. */
export const ChatShellPage = lazyPage(loadChatShell, 'ChatShell');

type PathOf<K extends keyof typeof routes> = (typeof routes)[K] extends { path: infer P }
  ? P
  : never;

/**
 * What the list, its counters, the user menu and the folder tabs ask for on
 * mount: these routes' paths, each checked against its route by the
 * compiler. Only the table's types are imported: its values would bring zod
 * and every schema into the entry (33 KB gzip more on every page).
 */
const FIRST_GETS = [
  '/user/conversations',
  '/user/unread',
  '/user',
  '/user/folders',
] as const satisfies readonly [
  PathOf<'conversations'>,
  PathOf<'unread'>,
  PathOf<'user'>,
  PathOf<'folders'>,
];

function isChatPath(pathname: string): boolean {
  return pathname === '/chat' || pathname.startsWith('/chat/');
}

/** What the entry started: the chat's code, and everything the first paint waits for. */
export type ChatBoot = {
  /** Settles once the chat's code is in (or failed: the route then shows the failure). */
  screen: Promise<void>;
  /** Settles once the code and the first replies are in, so later work can keep out of their way. */
  settled: Promise<void>;
};

const NOTHING: ChatBoot = { screen: Promise.resolve(), settled: Promise.resolve() };

/**
 * Starts the chat's code, cache and first replies when the page opens on
 * the chat, signed in; both promises settle at once anywhere else.
 */
export function startChatBoot(pathname: string): ChatBoot {
  if (!isChatPath(pathname) || !hasCredentials()) return NOTHING;
  // A failure here shows where it matters: the route's own import, the client's own request.
  const screen = ChatShellPage.preload().catch(() => undefined);
  const replies = prefetch(FIRST_GETS);
  preloadCacheRows();
  // The first date formatter of a page costs tens of milliseconds (ICU data);
  // made now, while the chunks are on their way, the list's first render reuses it.
  setTimeout(() => formatDateTime(Date.now()), 0);
  return { screen, settled: Promise.all([screen, replies]).then(() => undefined) };
}
