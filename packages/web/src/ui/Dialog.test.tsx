import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog } from './ConfirmDialog';
import { Dialog } from './Dialog';

function Opener({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open ? (
        <Dialog
          labelledBy="t"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
          testId="d"
        >
          <h2 id="t">Title</h2>
          <button type="button">first</button>
          <button type="button">last</button>
        </Dialog>
      ) : null}
    </>
  );
}

describe('ui/Dialog', () => {
  it('is a modal labelled by its title and takes the focus when it opens', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Title' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(document.activeElement).toBe(dialog);
  });

  it('keeps Tab inside and gives the focus back to the opener on Escape', () => {
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'open' });
    opener.focus();
    fireEvent.click(opener);
    const first = screen.getByRole('button', { name: 'first' });
    const last = screen.getByRole('button', { name: 'last' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('d')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('gives the focus to the last element still in the page when the opener went with its menu', () => {
    function MenuOpener() {
      const [state, setState] = useState<'closed' | 'menu' | 'dialog'>('closed');
      return (
        <>
          <button type="button" onClick={() => setState('menu')}>
            more
          </button>
          {state === 'menu' ? (
            <div role="menu">
              <button type="button" role="menuitem" onClick={() => setState('dialog')}>
                forward
              </button>
            </div>
          ) : null}
          {state === 'dialog' ? (
            <Dialog label="Forward" onClose={() => setState('closed')}>
              <button type="button">target</button>
            </Dialog>
          ) : null}
        </>
      );
    }
    render(<MenuOpener />);
    const more = screen.getByRole('button', { name: 'more' });
    more.focus();
    fireEvent.click(more);
    const item = screen.getByRole('menuitem', { name: 'forward' });
    item.focus();
    fireEvent.click(item);
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(more);
  });

  it('leaves Escape to a menu open over it', () => {
    const onClose = vi.fn();
    render(
      <Dialog label="x" onClose={onClose}>
        <div role="menu" />
      </Dialog>,
    );
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes only the topmost of two stacked dialogs on Escape', () => {
    const under = vi.fn();
    const over = vi.fn();
    render(
      <Dialog label="under" onClose={under}>
        <ConfirmDialog text="Sure?" confirm="Yes" onConfirm={() => undefined} onClose={over} />
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes' }));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(over).toHaveBeenCalledTimes(1);
    expect(under).not.toHaveBeenCalled();
  });

  it('closes on a click on the backdrop, not on one inside the panel', () => {
    const onClose = vi.fn();
    render(
      <Dialog label="x" onClose={onClose} testId="d">
        <p>inside</p>
      </Dialog>,
    );
    const inside = screen.getByText('inside');
    fireEvent.mouseDown(inside);
    fireEvent.click(inside);
    expect(onClose).not.toHaveBeenCalled();
    const backdrop = screen.getByTestId('d').parentElement as HTMLElement;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks with an alertdialog named by its question; Cancel does nothing else', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <ConfirmDialog
        text="Block this account?"
        confirm="Block"
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Block this account?' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
