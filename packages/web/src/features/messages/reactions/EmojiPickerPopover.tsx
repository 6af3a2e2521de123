import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

// The emoji picker (emoji-mart, docs/ARCHITECTURE.md) as a popover: its code
// and data are a chunk of their own, loaded on the first open. Escape or a
// press outside closes it; the picker's search box takes the focus, arrows
// move between emoji and Enter picks one.

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
    >
      <Suspense fallback={<div className="emoji-popover-loading">{t('emoji.loading')}</div>}>
        <EmojiPickerPanel onPick={onPick} />
      </Suspense>
    </div>
  );
}
