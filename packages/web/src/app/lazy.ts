import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
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

/**
 * The one way route screens are code-split: a named export loaded under the
 * timeout. A failure is thrown during render, so the route's error boundary
 * shows the crash screen.
 */
// `any` props: React.lazy's own bound; the component keeps its real props type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export function lazyPage<M extends Record<K, AnyComponent>, K extends keyof M & string>(
  load: () => Promise<M>,
  exportName: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await loadWithTimeout(load))[exportName] }));
}
