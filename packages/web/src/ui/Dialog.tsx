import { useEffect, useRef, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { focusOrigin, returnFocus, trapTab } from './dialog-focus';
import './Dialog.css';

/**
 * Open dialogs, bottom first: only the last one (the one on top) answers
 * Escape and Tab, so one Escape closes one dialog.
 */
const stack: { id: symbol; el: HTMLElement | null }[] = [];

/**
 * Puts a dialog on top, or under the ones nested in it: a dialog and one
 * inside it that open together run their effects child first.
 */
function push(entry: { id: symbol; el: HTMLElement | null }): void {
  const nested = stack.findIndex((other) => entry.el?.contains(other.el ?? null) === true);
  if (nested >= 0) stack.splice(nested, 0, entry);
  else stack.push(entry);
}

/** A menu or list popup open over the dialog takes Escape first (it closes itself). */
const POPUP = '[role="menu"], .msg-menu';

export type DialogProps = {
  onClose: () => void;
  /** The id of the visible title (preferred); or `label` when there is none. */
  labelledBy?: string;
  label?: string;
  /** alertdialog: a confirmation or an alert. */
  role?: 'dialog' | 'alertdialog';
  /** The panel's element: a drawer is an aside. */
  as?: 'div' | 'aside';
  className?: string;
  /** Added to the backdrop's `dialog-backdrop` (a layer of its own). */
  backdropClassName?: string;
  /** false: no backdrop (a full-screen viewer is its own backdrop). */
  backdrop?: boolean;
  testId?: string;
  children: ReactNode;
};

/**
 * The one modal dialog shell: focus moves in when it opens (to what the
 * content focused itself, else the panel), Tab stays inside, Escape and a
 * click on the backdrop close it, and focus goes back where it came from on
 * close. A div and not a native <dialog>: showModal() puts the dialog in the
 * top layer and makes the rest of the page inert, and the app's toasts
 * (sonner, in <body>), which report a refused action while a dialog is open,
 * would then sit under the backdrop; the stacked layers (a confirmation over
 * the info panel, the picture viewer over a profile) keep their z-index.
 * Presentational.
 */
export function Dialog({
  onClose,
  labelledBy,
  label,
  role = 'dialog',
  as: Panel = 'div',
  className = 'dialog',
  backdropClassName,
  backdrop = true,
  testId,
  children,
}: DialogProps) {
  const panel = useRef<HTMLDivElement & HTMLElement>(null);
  const close = useRef(onClose);
  const pressedBackdrop = useRef(false);
  // Read while rendering: the content may move focus in its own effects, which run first.
  const [opener] = useState(focusOrigin);

  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const id = Symbol('dialog');
    const el = panel.current;
    push({ id, el });
    if (el && !el.contains(document.activeElement)) el.focus({ preventScroll: true });
    // Window, capture phase: before the listeners of what lies under the dialog.
    const onKey = (event: KeyboardEvent) => {
      const own = panel.current;
      if (stack[stack.length - 1]?.id !== id || !own || own.closest('[inert]')) return;
      // A modal that is not one of these (the lock screen) has the keys while it has the focus.
      const modal = event.target instanceof Element && event.target.closest('[aria-modal="true"]');
      if (modal && modal !== own) return;
      if (event.key === 'Tab') trapTab(event, own);
      else if (event.key === 'Escape' && !event.isComposing && !document.querySelector(POPUP)) {
        event.stopPropagation();
        close.current();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      stack.splice(
        stack.findIndex((entry) => entry.id === id),
        1,
      );
      returnFocus(opener);
    };
  }, [opener]);

  const body = (
    <Panel
      ref={panel}
      className={className}
      role={role}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      tabIndex={-1}
      data-testid={testId}
    >
      {children}
    </Panel>
  );
  if (!backdrop) return body;
  // A press that starts in the panel and ends on the backdrop (selecting text) does not close.
  const onBackdrop = (event: MouseEvent) => {
    if (event.target === event.currentTarget && pressedBackdrop.current) close.current();
  };
  return (
    <div
      className={backdropClassName ? `dialog-backdrop ${backdropClassName}` : 'dialog-backdrop'}
      onMouseDown={(event) => {
        pressedBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={onBackdrop}
    >
      {body}
    </div>
  );
}
