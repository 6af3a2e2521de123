import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { json, mockFetch, resetBrowserState, signIn } from '../../test/http-fixtures';
import { SessionsSection } from './sections/SessionsSection';

// Settings → Sessions: the device in the reader's language, and a "last
// active" that moves on with the clock and follows the server's list.

const START = Date.parse('2026-03-01T12:00:00.000Z');
const session = (id: number, over: Record<string, unknown>) => ({
  id,
  device: 'Chrome on Android',
  browser: 'Chrome',
  os: 'Android',
  ip: '203.0.113.7',
  created_at: '2026-02-01T00:00:00.000Z',
  last_seen_at: new Date(START).toISOString(),
  current: false,
  ...over,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(START);
  resetBrowserState();
  signIn();
  document.cookie = 'XSRF-TOKEN=csrf; path=/';
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await changeLocale('en');
});

describe('sessions section', () => {
  it('names browser and system, and keeps "active … ago" live', async () => {
    let phoneSeen = START - 5 * 60_000;
    const calls = vi.fn();
    mockFetch(() => {
      calls();
      return json(200, {
        sessions: [
          session(1, { current: true, device: 'Chrome on Linux', os: 'Linux' }),
          session(2, { last_seen_at: new Date(phoneSeen).toISOString() }),
        ],
      });
    });
    await changeLocale('en');
    render(<SessionsSection />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByTestId('session-2')).toHaveTextContent('Chrome on Android');
    expect(screen.getByTestId('session-2')).toHaveTextContent('active 5 minutes ago');
    expect(screen.getByTestId('session-1')).toHaveTextContent('active now');

    // A minute on: the wording moves, and the list is read again.
    const reads = calls.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(60_100));
    expect(calls).toHaveBeenCalledTimes(reads + 1);
    expect(screen.getByTestId('session-2')).toHaveTextContent('active 6 minutes ago');

    // The phone was used meanwhile: the next read shows it.
    phoneSeen = Date.now();
    await act(() => vi.advanceTimersByTimeAsync(60_100));
    expect(screen.getByTestId('session-2')).toHaveTextContent('active now');
  });

  it('composes the device in French and Russian', async () => {
    mockFetch(() => json(200, { sessions: [session(2, {})] }));
    await changeLocale('fr');
    const { unmount } = render(<SessionsSection />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByTestId('session-2')).toHaveTextContent('Chrome sur Android');
    unmount();
    await changeLocale('ru');
    render(<SessionsSection />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByTestId('session-2')).toHaveTextContent('Chrome на Android');
    expect(screen.getByTestId('session-2')).toHaveTextContent('активность: сейчас');
  });
});
