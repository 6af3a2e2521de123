import { useEffect, useRef } from 'react';

/**
 * A popup menu's behaviour, shared by every menu: the first item takes the
 * focus, Escape or a press outside closes it. `withParent`: a press on the
 * menu's parent (the button that toggles it) counts as inside, so that
 * button can close the menu itself instead of closing and reopening it.
 */
export function useMenuDismiss(onClose: () => void, withParent = false) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const area = withParent ? ref.current?.parentElement : ref.current;
      if (!area?.contains(event.target as Node)) onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    ref.current?.querySelector('button')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose, withParent]);
  return ref;
}
