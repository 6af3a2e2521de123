import { useCallback, useEffect, useRef } from 'react';

/**
 * The newest message on screen, for the read marker: only what the reader has
 * had in front of them counts. Each message row ends in a 1-px mark carrying
 * `data-seen-id`; a message is on screen while that mark (its bottom edge) is
 * inside the scroller's visible area. Virtuoso's own range would not do: it
 * names every row it renders, and it renders rows beyond the screen
 * (increaseViewportBy), which were then marked read unseen.
 *
 * Returns the ref callback for the marks. `onChange` hears the newest visible
 * id whenever the set on screen changes (never while nothing is).
 */
export function useNewestVisible(
  root: HTMLElement | null,
  onChange: (id: number) => void,
): (mark: HTMLElement | null) => (() => void) | undefined {
  const marks = useRef(new Set<HTMLElement>());
  const visible = useRef(new Set<number>());
  const observer = useRef<IntersectionObserver | null>(null);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!root) return;
    const onScreen = visible.current;
    const io = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = Number((entry.target as HTMLElement).dataset.seenId);
          if (entry.isIntersecting) onScreen.add(id);
          else onScreen.delete(id);
        }
        if (onScreen.size > 0) report.current(Math.max(...onScreen));
      },
      { root },
    );
    observer.current = io;
    for (const mark of marks.current) io.observe(mark);
    return () => {
      io.disconnect();
      observer.current = null;
      onScreen.clear();
    };
  }, [root]);

  return useCallback((mark: HTMLElement | null) => {
    if (!mark) return undefined;
    marks.current.add(mark);
    observer.current?.observe(mark);
    // A row Virtuoso lets go is off screen: forget it.
    return () => {
      marks.current.delete(mark);
      observer.current?.unobserve(mark);
      visible.current.delete(Number(mark.dataset.seenId));
    };
  }, []);
}
