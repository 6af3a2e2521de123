import { useState } from 'react';
import type { DragEvent } from 'react';
import { afterIdForDrop } from './view';

// Drag-and-drop reordering with the browser's own drag events: a list of
// siblings takes drops of its own kind; the drop sends "after which sibling"
// (the item above the drop point), as the contract asks. Keyboard users
// move with Alt+Arrow keys instead (view.ts stepOfKey).

/** What is being dragged, across lists (a task may go to another group). */
let dragging: { kind: string; id: number } | null = null;

export type DropTarget = { kind: string; list: readonly { id: number }[] };

export function useDragList(
  target: DropTarget,
  onDrop: (movingId: number, afterId: number | null) => void,
) {
  const [over, setOver] = useState<number | null>(null);

  const accepts = () => dragging !== null && dragging.kind === target.kind;

  /** Props of item `index` of the list. */
  const item = (id: number, index: number, enabled: boolean) => ({
    draggable: enabled,
    onDragStart: (event: DragEvent) => {
      if (!enabled) return;
      event.stopPropagation();
      dragging = { kind: target.kind, id };
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(id));
    },
    onDragEnd: () => {
      dragging = null;
      setOver(null);
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!accepts()) return;
      event.preventDefault();
      event.stopPropagation();
      const box = event.currentTarget.getBoundingClientRect();
      setOver(event.clientY < box.top + box.height / 2 ? index : index + 1);
    },
    onDragLeave: () => setOver(null),
    onDrop: (event: DragEvent) => {
      if (!accepts() || !dragging || over === null) return;
      event.preventDefault();
      event.stopPropagation();
      const afterId = afterIdForDrop(target.list, dragging.id, over);
      const movingId = dragging.id;
      dragging = null;
      setOver(null);
      if (afterId !== undefined) onDrop(movingId, afterId);
    },
  });

  /** Props of the list's empty end (a drop there puts the item last). */
  const end = {
    onDragOver: (event: DragEvent) => {
      if (!accepts()) return;
      event.preventDefault();
      setOver(target.list.length);
    },
    onDrop: (event: DragEvent) => {
      if (!accepts() || !dragging) return;
      event.preventDefault();
      const afterId = afterIdForDrop(target.list, dragging.id, target.list.length);
      const movingId = dragging.id;
      dragging = null;
      setOver(null);
      if (afterId !== undefined) onDrop(movingId, afterId);
    },
  };

  /** Index the drop would go before (for the drop line), or null. */
  return { item, end, over };
}
