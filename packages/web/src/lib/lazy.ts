import { createElement, lazy, useState } from 'react';
import type { ComponentProps, ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@parley/protocol/constants';

/** Raised by the loader when a script chunk fails or takes longer than the spec's 120 s. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** Races a chunk import against the timeout (spec 2, 9); the loser is ignored. */
export function loadWithTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Chunk load timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new ChunkLoadError(String(error)));
      },
    );
  });
}

/** A lazily loaded screen; `preload()` starts its chunk before anything renders it. */
export type LazyPage<C extends AnyComponent> = ComponentType<ComponentProps<C>> & {
  preload: () => Promise<void>;
};

/**
 * The one way route screens are code-split: a named export loaded under the
 * timeout. A failure is thrown during render, so the route's error boundary
 * shows the crash screen.
 *
 * Once the chunk is in (preloaded, or shown before), a new instance renders
 * the component directly instead of through React.lazy. A lazy component
 * always suspends on its first render, even when its chunk has arrived, and
 * React then holds the content back until 300 ms after the fallback was
 * shown ("Throttled" Suspense retries): on a return visit that wait was most
 * of the time to the chat list (bench web, "from cache"). Each instance
 * keeps the way it started, so a screen never remounts because its chunk
 * arrived meanwhile.
 */
// `any` props: React.lazy's own bound; the component keeps its real props type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export function lazyPage<M extends Record<K, AnyComponent>, K extends keyof M & string>(
  load: () => Promise<M>,
  exportName: K,
): LazyPage<M[K]> {
  let loaded: M[K] | undefined;
  let loading: Promise<M[K]> | null = null;
  const start = () =>
    (loading ??= loadWithTimeout(load).then(
      (module) => (loaded = module[exportName]),
      (error: unknown) => {
        loading = null; // a chunk that failed may load on the next try
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await start() }));
  function Page(props: ComponentProps<M[K]>) {
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  Page.displayName = `Lazy(${exportName})`;
  Page.preload = () => start().then(() => undefined);
  return Page;
}
