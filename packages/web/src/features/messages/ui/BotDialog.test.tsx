import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { loadLaterTexts } from '../../../lib/later-texts';
import { BotDialog, openableUrl } from './BotDialog';

describe('a bot’s dialogs', () => {
  it('asks before opening a link, shows the address, opens it with noopener', async () => {
    await loadLaterTexts('en');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const onClose = vi.fn();
    render(
      <BotDialog dialog={{ kind: 'url', url: 'https://example.org/a?b=1' }} onClose={onClose} />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Open this link?' })).toBeInTheDocument();
    expect(screen.getByTestId('bot-url')).toHaveTextContent('https://example.org/a?b=1');
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(open).toHaveBeenCalledWith('https://example.org/a?b=1', '_blank', 'noopener,noreferrer');
    expect(onClose).toHaveBeenCalled();
  });

  it('never follows an address that is not a web one', async () => {
    await loadLaterTexts('en');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openableUrl('javascript:alert(1)')).toBe(false);
    expect(openableUrl('http://127.0.0.1:8080/x')).toBe(true);
    render(<BotDialog dialog={{ kind: 'url', url: 'javascript:alert(1)' }} onClose={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(open).not.toHaveBeenCalled();
  });

  it('shows an alert with one button', async () => {
    await loadLaterTexts('en');
    const onClose = vi.fn();
    render(<BotDialog dialog={{ kind: 'alert', text: 'Saved!' }} onClose={onClose} />);
    expect(screen.getByRole('alertdialog', { name: 'Saved!' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
  });
});
