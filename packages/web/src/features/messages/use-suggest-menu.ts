import { useState } from 'react';
import type { KeyboardEvent } from 'react';

// What the composer's suggestion menus share (the "/" bot commands and the
// "@" members): which item is active, the keys that move and pick, and
// Escape, which closes the menu until what it was opened for changes. Each
// menu decides what it lists and what a pick does.

/** How an item was picked: some menus send on Enter and complete on Tab. */
export type PickHow = 'enter' | 'tab' | 'click';

export type SuggestMenu<T> = {
  open: boolean;
  items: T[];
  active: number;
  setActive: (index: number) => void;
  /** Handles the menu's keys; true when the key was the menu's. */
  onKeyDown: (event: KeyboardEvent) => boolean;
  pick: (index: number, how: PickHow) => void;
};

/**
 * @param key what the menu was opened for (the draft, the fragment): the
 *   first item is active again and Escape's dismissal ends when it changes.
 */
export function useSuggestMenu<T>(
  key: string,
  items: T[],
  onPick: (item: T, how: PickHow) => void,
): SuggestMenu<T> {
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [activeFor, setActiveFor] = useState(key);
  if (activeFor !== key) {
    setActiveFor(key);
    setActive(0);
  }
  const open = items.length > 0 && dismissed !== key;
  const current = Math.min(active, Math.max(items.length - 1, 0));

  const pick = (index: number, how: PickHow) => {
    const item = items[index];
    if (item !== undefined) onPick(item, how);
  };

  const onKeyDown = (event: KeyboardEvent): boolean => {
    // Keys that finish an input method's composition are not the menu's.
    if (!open || event.nativeEvent.isComposing) return false;
    const n = items.length;
    if (event.key === 'ArrowDown') setActive((current + 1) % n);
    else if (event.key === 'ArrowUp') setActive((current - 1 + n) % n);
    else if (event.key === 'Enter' && !event.shiftKey) pick(current, 'enter');
    else if (event.key === 'Tab' && !event.shiftKey) pick(current, 'tab');
    else if (event.key === 'Escape') setDismissed(key);
    else return false;
    event.preventDefault();
    return true;
  };

  return { open, items, active: current, setActive, onKeyDown, pick };
}
