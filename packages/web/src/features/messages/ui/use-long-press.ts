import { useEffect, useRef } from 'react';
import type { MouseEvent, PointerEvent } from 'react';

/** How long a finger rests on a message before it counts as a long press (Telegram: about this). */
export const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling, not pressing. */
const SLOP_PX = 10;

/**
 * A long press on a touch screen (issue 23: it enters selection mode).
 * Touch only: a mouse has shift-click and the right button. The browser's
 * own long-press context menu that follows is swallowed, so the message
 * menu does not open on top of the selection.
 */
/** `onLongPress` undefined: no long press now (the one that just fired is still swallowed). */
export function useLongPress(onLongPress: (() => void) | undefined) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const cancel = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  };
  useEffect(() => cancel, []);
  return {
    handlers: {
      onPointerDown: (event: PointerEvent) => {
        fired.current = false;
        if (event.pointerType !== 'touch' || !onLongPress) return;
        cancel();
        start.current = { x: event.clientX, y: event.clientY };
        timer.current = setTimeout(() => {
          timer.current = null;
          fired.current = true;
          onLongPress();
        }, LONG_PRESS_MS);
      },
      onPointerMove: (event: PointerEvent) => {
        const from = start.current;
        if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > SLOP_PX) cancel();
      },
      onPointerUp: cancel,
      onPointerCancel: cancel,
    },
    /** True (and the event's default prevented) for the context menu or click ending a long press. */
    swallowed: (event: MouseEvent) => {
      if (!fired.current) return false;
      event.preventDefault();
      if (event.type === 'click') fired.current = false;
      return true;
    },
  };
}
