import type { KeyboardEvent } from 'react';

/**
 * Arrow keys of a popup menu (WAI-ARIA menu pattern): Up and Down move the
 * focus between its `menuitem`s and wrap round, Home and End jump to the
 * ends. Enter and Space are the focused button's own. Put it on the menu's
 * onKeyDown.
 */
export function moveMenuFocus(event: KeyboardEvent<HTMLElement>): void {
  const items = Array.from(
    event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]:not(:disabled)'),
  );
  if (items.length === 0) return;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'ArrowDown'
      ? (at + 1) % items.length
      : event.key === 'ArrowUp'
        ? (at - 1 + items.length) % items.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? items.length - 1
            : null;
  if (next === null) return;
  event.preventDefault();
  items[next]?.focus();
}
