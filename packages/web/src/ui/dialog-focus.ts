// Where focus goes around a modal dialog: what may take it inside, and where
// it returns on close. The element that opened a dialog is often gone by then
// (a menu item: the menu closes as the dialog opens), so a short history of
// focused elements gives the nearest one still in the page.

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const HISTORY_MAX = 16;
const history: HTMLElement[] = [];

function remember(event: FocusEvent): void {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return;
  const at = history.indexOf(target);
  if (at >= 0) history.splice(at, 1);
  history.push(target);
  if (history.length > HISTORY_MAX) history.shift();
}

if (typeof document !== 'undefined') document.addEventListener('focusin', remember, true);

/** The Tab stops inside `panel`, in order; only visible ones where the layout tells (not in jsdom). */
export function tabStops(panel: HTMLElement): HTMLElement[] {
  const all = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[hidden], [inert]'),
  );
  const visible = all.filter((el) => el.getClientRects().length > 0);
  return visible.length > 0 ? visible : all;
}

/** What had focus when a dialog opened: the focused element, or the latest one still in the page. */
export function focusOrigin(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  return history.findLast((el) => el.isConnected) ?? null;
}

/**
 * Gives focus back after a dialog closed, unless something else has taken
 * it meanwhile (another dialog, a field that focused itself).
 */
export function returnFocus(opener: HTMLElement | null): void {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  const target = opener?.isConnected === true ? opener : history.findLast((el) => el.isConnected);
  target?.focus({ preventScroll: true });
}

/** Keeps Tab and Shift+Tab cycling inside `panel`. */
export function trapTab(event: KeyboardEvent, panel: HTMLElement): void {
  const stops = tabStops(panel);
  const first = stops[0];
  const last = stops[stops.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    panel.focus();
  } else if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  } else if (!(active instanceof Node) || !panel.contains(active)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}
