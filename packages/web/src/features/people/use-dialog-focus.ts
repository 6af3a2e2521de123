import { useEffect } from 'react';
import type { RefObject } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal panel's keyboard: focus moves into it when it opens, Tab cycles
 * inside it, Escape closes it. Escape is caught on the window before the
 * document's listeners (the group info panel below listens there), so one
 * press closes only the topmost panel.
 */
export function useDialogFocus(ref: RefObject<HTMLElement | null>, onClose: () => void): void {
  useEffect(() => {
    ref.current?.focus();
  }, [ref]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const panel = ref.current;
      // A dialog over the panel (a confirmation, the picture viewer) has the keys.
      if (!panel || document.querySelector('.confirm-dialog, .image-viewer')) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose();
      } else if (event.key === 'Tab') {
        const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        const active = document.activeElement;
        if (event.shiftKey && (active === first || active === panel)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [ref, onClose]);
}
