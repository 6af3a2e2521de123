import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';

/**
 * Escape leaves the archive view while the keyboard is in the sidebar (the
 * view's way back, in its header, has the focus when it opens) or nowhere
 * (after a click on the page). Keys meant for something else are left
 * alone: focus in the chat pane, a menu or a dialog, or a key already
 * handled there (the search box's Escape clears its text first).
 */
export function useArchiveEscape(
  shown: boolean,
  sidebar: RefObject<HTMLElement | null>,
  close: () => void,
): void {
  const onClose = useRef(close);
  useEffect(() => {
    onClose.current = close;
  }, [close]);

  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const at = document.activeElement;
      const here = at === null || at === document.body || sidebar.current?.contains(at) === true;
      if (!here) return;
      event.preventDefault();
      onClose.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shown, sidebar]);
}
