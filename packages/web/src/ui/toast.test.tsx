import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AppProviders } from '../app/providers';
import { toast } from './toast';

// The toaster (sonner, its own chunk) is mounted with the first toast, not
// at start; a toast raised before it listens still shows.

describe('toasts', () => {
  it('mounts the toaster with the first toast and shows that toast', async () => {
    const { container } = render(
      <AppProviders>
        <p>app</p>
      </AppProviders>,
    );
    expect(await screen.findByText('app')).toBeInTheDocument();
    // Time enough for a toaster mounted at start to load its chunk and render.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(container.querySelector('section[aria-label^="Notifications"]')).toBeNull();

    act(() => toast.error('Something broke'));
    // The toaster's chunk loads now; a busy machine can take over a second.
    expect(
      await screen.findByText('Something broke', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(container.querySelector('section[aria-label^="Notifications"]')).not.toBeNull();

    act(() => toast.success('Saved'));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });
});
