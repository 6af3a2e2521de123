import { useRef, useState } from 'react';
import type { PointerEvent, WheelEvent } from 'react';

// Zoom and pan of one picture in the viewer: the wheel and the +/- buttons
// zoom, a double click toggles 1× ↔ 2.5×, one pointer pans when zoomed,
// two pointers pinch. At 1× a horizontal swipe asks for the next or the
// previous picture instead.

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 6;
const ZOOM_STEP = 1.5;
const DOUBLE_ZOOM = 2.5;
const SWIPE_PX = 50;

export type ZoomPan = { scale: number; x: number; y: number };
const AT_REST: ZoomPan = { scale: 1, x: 0, y: 0 };

const clampScale = (scale: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, scale));

export function useZoomPan(onSwipe: (direction: 1 | -1) => void) {
  const [view, setView] = useState<ZoomPan>(AT_REST);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ startX: number; startY: number; pinch: number | null } | null>(null);

  const zoomTo = (scale: number) =>
    setView((v) => {
      const next = clampScale(scale);
      // Back at 1×, the picture is centred again; otherwise the pan scales with it.
      if (next === 1) return AT_REST;
      const ratio = next / v.scale;
      return { scale: next, x: v.x * ratio, y: v.y * ratio };
    });

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const handlers = {
    onWheel: (event: WheelEvent) => zoomTo(view.scale * Math.exp(-event.deltaY * 0.002)),
    onDoubleClick: () => zoomTo(view.scale > 1 ? 1 : DOUBLE_ZOOM),
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      event.currentTarget.setPointerCapture?.(event.pointerId);
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      gesture.current = {
        startX: event.clientX,
        startY: event.clientY,
        pinch: pointers.current.size === 2 ? distance() : null,
      };
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const before = pointers.current.get(event.pointerId);
      if (!before) return;
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const g = gesture.current;
      if (pointers.current.size === 2 && g?.pinch) {
        const now = distance();
        if (now > 0) zoomTo(view.scale * (now / g.pinch));
        g.pinch = now;
      } else if (pointers.current.size === 1 && view.scale > 1) {
        const dx = event.clientX - before.x;
        const dy = event.clientY - before.y;
        setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
      }
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const g = gesture.current;
      const wasSingle = pointers.current.size === 1;
      pointers.current.delete(event.pointerId);
      if (pointers.current.size === 0) gesture.current = null;
      if (!g || !wasSingle || g.pinch !== null || view.scale > 1) return;
      const dx = event.clientX - g.startX;
      const dy = event.clientY - g.startY;
      if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy) * 1.5) onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel: (event: PointerEvent<HTMLElement>) => {
      pointers.current.delete(event.pointerId);
      gesture.current = null;
    },
  };

  return {
    view,
    handlers,
    zoomIn: () => zoomTo(view.scale * ZOOM_STEP),
    zoomOut: () => zoomTo(view.scale / ZOOM_STEP),
    reset: () => setView(AT_REST),
  };
}
