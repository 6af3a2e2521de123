import { lazyPage } from '../../lib/lazy';

// The Tasks panel and its editors are their own chunk: the chat loads
// without them. The header button preloads it (when the browser is idle in a
// chat with tasks on, and on hover or focus), so the first open renders at
// once: a chunk still loading at the click makes React hold the panel back
// until 300 ms after its spinner showed (lib/lazy.ts).
export const TasksPanel = lazyPage(
  () =>
    Promise.all([import('./TasksPanel'), import('./texts').then((m) => m.loadTaskTexts())]).then(
      ([m]) => m,
    ),
  'TasksPanel',
);

/** Starts the panel's chunk once the browser is idle; the cleanup cancels a start not yet made. */
export function preloadTasksPanelWhenIdle(): () => void {
  const start = () => void TasksPanel.preload().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(start, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(start, 500);
  return () => clearTimeout(timer);
}
