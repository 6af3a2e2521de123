import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { I18nGate } from './I18nGate';

// The gate also waits for the first screen's code when the entry preloads
// it (app/boot/boot.ts), so the route never suspends on that screen.
// The dictionary is loaded already here (test/setup.ts).

function deferred() {
  let settle: { resolve: () => void; reject: (error: Error) => void } = {
    resolve: () => undefined,
    reject: () => undefined,
  };
  const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

describe('I18nGate with a preloading screen', () => {
  it('shows the spinner until the screen’s code is in', async () => {
    const screenCode = deferred();
    render(
      <I18nGate screen={screenCode.promise}>
        <p>chat</p>
      </I18nGate>,
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20)); // the dictionary alone is not enough
    });
    expect(screen.getByTestId('spinner')).toBeInTheDocument();
    expect(screen.queryByText('chat')).toBeNull();
    await act(async () => screenCode.resolve());
    expect(await screen.findByText('chat')).toBeInTheDocument();
    expect(screen.queryByTestId('spinner')).toBeNull();
  });

  it('opens when the screen’s code failed: the route shows that failure', async () => {
    const screenCode = deferred();
    render(
      <I18nGate screen={screenCode.promise}>
        <p>route</p>
      </I18nGate>,
    );
    await act(async () => screenCode.reject(new Error('chunk failed')));
    expect(await screen.findByText('route')).toBeInTheDocument();
  });

  it('renders at once without a screen to wait for, once the dictionary is in', () => {
    render(
      <I18nGate>
        <p>landing</p>
      </I18nGate>,
    );
    expect(screen.getByText('landing')).toBeInTheDocument();
  });
});
