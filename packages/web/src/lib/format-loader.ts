import { useSyncExternalStore } from 'react';
import type { FormatNode } from '@parley/protocol/rules/format/parse';

// The message parser (markdown-it + linkify-it + the TLD list, ~57 KB gzip)
// is its own chunk: the chat list must paint within the bundle budget
// without it. It starts loading once the browser is idle after the first
// paint (ChatShell) or when a message's text first renders, whichever comes
// first; until then texts show as typed and previews as the raw text.

export type ParseFormatted = (text: string) => FormatNode[];

let parse: ParseFormatted | null = null;
let loading: Promise<ParseFormatted> | null = null;
const listeners = new Set<() => void>();

export function loadFormat(): Promise<ParseFormatted> {
  loading ??= import('@parley/protocol/rules/format/parse').then(
    (module) => {
      parse = module.parseFormatted;
      for (const listener of listeners) listener();
      return module.parseFormatted;
    },
    (error: unknown) => {
      loading = null; // a failed fetch (offline) may be retried
      throw error;
    },
  );
  return loading;
}

/** The parser if its chunk is already here, else null (and the load is started). */
export function formatNow(): ParseFormatted | null {
  if (parse === null) void loadFormat().catch(() => undefined);
  return parse;
}

/** Starts the parser's download once the browser is idle (the list is painted by then). */
export function prefetchFormat(): () => void {
  const start = () => void loadFormat().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(start, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(start, 300);
  return () => clearTimeout(timer);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The parser once loaded (null before); the component renders again when it arrives. */
export function useFormat(): ParseFormatted | null {
  const current = useSyncExternalStore(subscribe, () => parse);
  if (current === null) void loadFormat().catch(() => undefined);
  return current;
}
