import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keyboardOnScreen } from './on-screen-keyboard';

// The emoji picker (emoji-mart, docs/ARCHITECTURE.md) as a popover: its code
// and data are a chunk of their own, loaded on the first open. Escape or a
// press outside closes it; the picker's search box takes the focus, arrows
// move between emoji and Enter picks one. On a phone the popover itself
// takes the focus instead (Escape still closes it): the search box would
// open the on-screen keyboard over the emoji.

const EmojiPickerPanel = lazy(async () => ({
  default: (await import('./EmojiPickerPanel')).EmojiPickerPanel,
}));

export function EmojiPickerPopover({
  onPick,
  onClose,
  className = '',
  withParent = false,
}: {
  onPick: (emoji: string) => void;
  onClose: () => void;
  className?: string;
  /** A press on the parent (the button that toggles it) counts as inside. */
  withParent?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [typing] = useState(() => !keyboardOnScreen());
  useEffect(() => {
    if (!typing) ref.current?.focus({ preventScroll: true });
  }, [typing]);
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const area = withParent ? ref.current?.parentElement : ref.current;
      if (!area?.contains(event.target as Node)) onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Only the picker closes, not a menu or a mode around it.
      event.stopPropagation();
      onClose();
    };
    document.addEventListener('pointerdown', onPointer);
    const node = ref.current;
    // Capture: the picker's search box stops every key it gets from going on.
    node?.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      node?.removeEventListener('keydown', onKey, true);
    };
  }, [onClose, withParent]);
  return (
    <div
      ref={ref}
      className={`emoji-popover ${className}`}
      role="dialog"
      aria-label={t('emoji.picker')}
      data-testid="emoji-picker"
      tabIndex={-1}
    >
      <Suspense fallback={<div className="emoji-popover-loading">{t('emoji.loading')}</div>}>
        <EmojiPickerPanel onPick={onPick} autoFocus={typing} />
      </Suspense>
    </div>
  );
}
