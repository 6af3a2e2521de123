import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  bodyOf,
  json,
  mockFetch,
  resetBrowserState,
  sampleUser,
  signIn,
} from '../../test/http-fixtures';
import { useAuthStore } from '../auth/store';
import { NotificationsSection } from './sections/NotificationsSection';

// Settings → Notifications and the browser's permission. jsdom has no
// Notification API, so that boundary is a fake; the rest (the switch, its
// call, the section) is the real code.

/** A stand-in for window.Notification: a permission and a prompt that answers `answer`. */
function fakeNotificationApi(permission: NotificationPermission, answer: NotificationPermission) {
  const api = {
    permission,
    requestPermission: vi.fn(() => {
      api.permission = answer;
      return Promise.resolve(answer);
    }),
  };
  vi.stubGlobal('Notification', api);
  return api;
}

beforeEach(() => {
  resetBrowserState();
  signIn();
  document.cookie = 'XSRF-TOKEN=csrf; path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ user: null });
});

describe('notifications section', () => {
  it('switching notifications on asks the browser, then shows them allowed', async () => {
    useAuthStore.setState({ user: { ...sampleUser, notifications: false } });
    const api = fakeNotificationApi('default', 'granted');
    const sent: Array<{ url: string; body: unknown }> = [];
    mockFetch((url, init) => {
      sent.push({ url, body: bodyOf(init) });
      return json(200, { status: 'ok' });
    });
    render(<NotificationsSection />);
    expect(api.requestPermission).not.toHaveBeenCalled(); // never on load
    expect(screen.queryByTestId('notification-permission')).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId('switch-notifications'));
    expect(api.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Allowed in this browser')).toBeInTheDocument();
    expect(sent).toEqual([
      { url: expect.stringMatching(/\/user\/settings\/notifications$/), body: { status: true } },
    ]);
    expect(useAuthStore.getState().user?.notifications).toBe(true);
  });

  it('offers Allow when the setting is on but this browser was never asked', async () => {
    useAuthStore.setState({ user: { ...sampleUser, notifications: true } });
    const api = fakeNotificationApi('default', 'denied');
    render(<NotificationsSection />);
    expect(screen.getByText('Not allowed in this browser yet')).toBeInTheDocument();
    expect(api.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(screen.getByTestId('notification-allow'));
    expect(api.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Blocked by the browser')).toBeInTheDocument();
  });

  it('shows a blocked permission with how to undo it, and no button', () => {
    useAuthStore.setState({ user: { ...sampleUser, notifications: true } });
    fakeNotificationApi('denied', 'denied');
    render(<NotificationsSection />);
    const row = screen.getByTestId('notification-permission');
    expect(row).toHaveAttribute('data-state', 'denied');
    expect(row).toHaveTextContent('Blocked by the browser');
    expect(row).toHaveTextContent("browser's site settings");
    expect(screen.queryByTestId('notification-allow')).not.toBeInTheDocument();
  });

  it('says so when the browser has no notifications at all', () => {
    useAuthStore.setState({ user: { ...sampleUser, notifications: true } });
    render(<NotificationsSection />);
    expect(screen.getByTestId('notification-permission')).toHaveTextContent(
      'This browser cannot show notifications',
    );
  });
});
