import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  bodyOf,
  json,
  mockFetch,
  resetBrowserState,
  sampleUser,
  signIn,
} from '../../../test/http-fixtures';
import { useAuthStore } from '../../auth/store';
import { SettingsHost } from '../SettingsHost';
import { useSettingsUi } from '../store';

// Settings → Administration: offered to administrators only, and its
// actions call the admin API with the user they belong to.

// The settings dialog is a lazy chunk: its first import, transformed on
// demand, took just over the default 1 s on a busy two-core machine.
configure({ asyncUtilTimeout: 10_000 });

const user = (id: number, username: string, extra = {}) => ({
  id,
  name: `Name ${username}`,
  username,
  login: `${username}@example.org`,
  is_admin: false,
  is_bot: false,
  is_official: false,
  disabled: false,
  deleted: false,
  created_at: '2026-01-01T00:00:00.000Z',
  last_active_at: null,
  ...extra,
});

beforeEach(() => {
  resetBrowserState();
  signIn();
  document.cookie = 'XSRF-TOKEN=csrf; path=/';
});
afterEach(() => {
  useSettingsUi.getState().close();
  useAuthStore.setState({ user: null });
});

describe('administration section', () => {
  it('is not offered to a user without the admin role', async () => {
    useAuthStore.setState({ user: { ...sampleUser, can: [] } });
    mockFetch(() => json(200, { sessions: [] }));
    useSettingsUi.getState().open();
    render(<SettingsHost />);
    expect(await screen.findByTestId('settings-tab-profile')).toBeInTheDocument();
    expect(screen.queryByTestId('settings-tab-admin')).toBeNull();
  });

  it('lists users for an admin and disables one', async () => {
    useAuthStore.setState({ user: { ...sampleUser, id: 1, can: ['admin'] } });
    const sent: [string, string, unknown][] = [];
    let disabled = false;
    mockFetch((url, init) => {
      sent.push([init.method ?? 'GET', url, bodyOf(init)]);
      if (url.includes('/admin/users/2/disable')) {
        disabled = true;
        return json(200, { status: 'ok' });
      }
      if (url.includes('/admin/users')) {
        return json(200, {
          users: [user(1, 'ada', { is_admin: true }), user(2, 'bob', { disabled })],
          total: 2,
        });
      }
      if (url.endsWith('/admin/settings')) {
        return json(200, { name: 'Parley', registration_mode: 'open', password_min_length: 5 });
      }
      if (url.endsWith('/admin/invites')) return json(200, { invites: [] });
      if (url.includes('/admin/audit')) return json(200, { entries: [], total: 0 });
      return json(404, { message: 'Not found.' });
    });
    useSettingsUi.getState().open();
    render(<SettingsHost />);
    await userEvent.click(await screen.findByTestId('settings-tab-admin'));
    const bob = await screen.findByTestId('admin-user-bob');
    // No actions on the admin's own row.
    expect(
      screen.getByTestId('admin-user-ada').querySelector('[data-testid="admin-toggle-disabled"]'),
    ).toBeNull();
    await userEvent.click(
      bob.querySelector<HTMLButtonElement>('[data-testid="admin-toggle-disabled"]')!,
    );
    await waitFor(() =>
      expect(sent).toContainEqual(['POST', '/api/v1/admin/users/2/disable', null]),
    );
    expect(await screen.findByText('disabled')).toBeInTheDocument();
  });
});

describe('administration of bots', () => {
  it('offers no password reset or admin role on a bot, and no disable or delete on the official bot', async () => {
    useAuthStore.setState({ user: { ...sampleUser, id: 1, can: ['admin'] } });
    mockFetch((url) => {
      if (url.includes('/admin/users')) {
        return json(200, {
          users: [
            user(1, 'ada', { is_admin: true }),
            user(2, 'ParleyBot', { is_bot: true, is_official: true }),
            user(3, 'helper_bot', { is_bot: true }),
            user(4, 'bob'),
          ],
          total: 4,
        });
      }
      if (url.endsWith('/admin/settings')) {
        return json(200, { name: 'Parley', registration_mode: 'open', password_min_length: 5 });
      }
      if (url.endsWith('/admin/invites')) return json(200, { invites: [] });
      if (url.includes('/admin/audit')) return json(200, { entries: [], total: 0 });
      return json(404, { message: 'Not found.' });
    });
    useSettingsUi.getState().open();
    render(<SettingsHost />);
    await userEvent.click(await screen.findByTestId('settings-tab-admin'));
    const row = async (name: string) => {
      const el = await screen.findByTestId(`admin-user-${name}`);
      const has = (id: string) => el.querySelector(`[data-testid="${id}"]`) !== null;
      return {
        signOut: has('admin-sign-out'),
        reset: has('admin-reset-password'),
        role: has('admin-toggle-role'),
        disable: has('admin-toggle-disabled'),
        remove: within(el).queryByRole('button', { name: 'Delete' }) !== null,
      };
    };
    expect(await row('ParleyBot')).toEqual({
      signOut: false,
      reset: false,
      role: false,
      disable: false,
      remove: false,
    });
    expect(await row('helper_bot')).toEqual({
      signOut: false,
      reset: false,
      role: false,
      disable: true,
      remove: true,
    });
    expect(await row('bob')).toEqual({
      signOut: true,
      reset: true,
      role: true,
      disable: true,
      remove: true,
    });
  });
});

describe('administration texts', () => {
  it('has every key in all four locales', async () => {
    const keys = async (code: string) =>
      Object.keys(
        ((await import(`./locales/admin-${code}.json`)) as { default: object }).default,
      ).sort();
    const en = await keys('en');
    expect(en.length).toBeGreaterThan(40);
    for (const code of ['fr', 'ru', 'am']) expect(await keys(code)).toEqual(en);
  });
});
