import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MSG } from '@parley/protocol/messages';
import { decodeCrashDetail } from './crash-detail';
import { ErrorBoundary } from './ErrorBoundary';
import { ChunkLoadError, loadWithTimeout } from '../lib/lazy';

function Boom(): never {
  throw new TypeError('kaboom: ünïcode');
}

describe('crash fallback', () => {
  it('shows the exact spec text and an encoded error detail', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByTestId('crash')).toBeInTheDocument();
    expect(screen.getByRole('heading')).toHaveTextContent(
      /^Something went wrong\. Reload the page, or try again later$/,
    );
    expect(MSG.crash).toBe('Something went wrong. Reload the page, or try again later');
    const detail = screen.getByTestId('crash-detail').textContent ?? '';
    expect(detail).toMatch(/^[A-Za-z0-9_-]+$/); // base64url: one opaque line
    expect(decodeCrashDetail(detail)).toMatch(/^TypeError: kaboom: ünïcode/);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});

describe('route error boundary', () => {
  it('clears a caught error when the path changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <ErrorBoundary resetKey="/chat/1">
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByTestId('crash')).toBeInTheDocument();
    rerender(
      <ErrorBoundary resetKey="/chat/1">
        <p>fine</p>
      </ErrorBoundary>,
    );
    expect(screen.getByTestId('crash')).toBeInTheDocument(); // same path: still failed
    rerender(
      <ErrorBoundary resetKey="/main">
        <p>fine</p>
      </ErrorBoundary>,
    );
    expect(screen.queryByTestId('crash')).toBeNull();
    expect(screen.getByText('fine')).toBeInTheDocument();
  });
});

describe('chunk loader', () => {
  it('rejects with a ChunkLoadError after the timeout', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout(() => new Promise<never>(() => undefined), 120_000);
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
    vi.useRealTimers();
  });

  it('passes a loaded module through', async () => {
    await expect(loadWithTimeout(async () => ({ ok: 1 }))).resolves.toEqual({ ok: 1 });
  });
});
