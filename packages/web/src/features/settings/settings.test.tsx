import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@parley/protocol/messages';
import type { Conversation } from '@parley/protocol/conversation';
import {
  bodyOf,
  json,
  mockFetch,
  resetBrowserState,
  sampleUser,
  signIn,
} from '../../test/http-fixtures';
import { useAuthStore } from '../auth/store';
import { applyProfile } from '@parley/protocol/sync/list-events';
import { emptyConversations } from '@parley/protocol/sync/list-reducers';
import { SettingsHost } from './SettingsHost';
import { idleTooLong, useLock } from './lock';
import { ProfileSection } from './sections/ProfileSection';
import { SecuritySection } from './sections/SecuritySection';
import { applySelf } from './store';

// Settings in the browser: replies with status error show their errors or
// message (spec 8), the paranoid lock, and profile events applied to state.

beforeEach(() => {
  resetBrowserState();
  signIn();
  document.cookie = 'XSRF-TOKEN=csrf; path=/';
  useLock.setState({ unlocked: false, lastInput: Date.now() });
});
afterEach(() => useAuthStore.setState({ user: null }));

describe('profile form', () => {
  it('checks fields before sending, then shows the server refusal under its field', async () => {
    useAuthStore.setState({ user: { ...sampleUser } });
    const sent: unknown[] = [];
    mockFetch((url, init) => {
      sent.push(bodyOf(init));
      return json(422, {
        status: 'error',
        message: MSG.validationFailed,
        errors: { username: [MSG.usernameTaken] },
      });
    });
    render(<ProfileSection />);
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.click(screen.getByTestId('profile-save'));
    expect(screen.getByTestId('error-name')).toHaveTextContent(MSG.nameRequired);
    expect(sent).toHaveLength(0);

    await userEvent.type(name, 'Ada');
    await userEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByTestId('error-username')).toHaveTextContent(MSG.usernameTaken);
    expect(sent).toEqual([expect.objectContaining({ name: 'Ada', username: 'ada' })]);
  });

  it('saves and updates the signed-in user', async () => {
    useAuthStore.setState({ user: { ...sampleUser } });
    mockFetch(() =>
      json(200, { status: 'ok', user: { ...sampleUser, name: 'Countess', status: 'Away' } }),
    );
    render(<ProfileSection />);
    await userEvent.type(screen.getByLabelText('Status'), 'Away');
    await userEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(useAuthStore.getState().user).toMatchObject({ name: 'Countess', status: 'Away' });
  });
});

describe('security section', () => {
  it('shows a status-error message of the paranoid switch and puts the switch back', async () => {
    useAuthStore.setState({ user: { ...sampleUser, secret_exists: true } });
    mockFetch(() =>
      json(422, {
        status: 'error',
        message: MSG.validationFailed,
        errors: { on: [MSG.paranoidNeedsSecret] },
      }),
    );
    render(<SecuritySection />);
    const toggle = screen.getByTestId('switch-paranoid');
    await userEvent.click(toggle);
    expect(await screen.findByText(MSG.paranoidNeedsSecret)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(useAuthStore.getState().user?.paranoid).toBe(false);
  });

  it('keeps paranoid off until a passcode exists', () => {
    useAuthStore.setState({ user: { ...sampleUser, secret_exists: false } });
    render(<SecuritySection />);
    expect(screen.getByTestId('switch-paranoid')).toBeDisabled();
  });
});

describe('paranoid lock', () => {
  const paranoid = { ...sampleUser, paranoid: true, secret_exists: true, secret_hint: 'pi' };

  it('is shown with the hint, refuses a wrong passcode with the reply error, opens on the right one', async () => {
    useAuthStore.setState({ user: paranoid });
    mockFetch((_url, init) =>
      (bodyOf(init) as { secret: string }).secret === '3141'
        ? json(200, { status: 'ok' })
        : json(400, { status: 'error', message: MSG.wrongSecret, error: MSG.wrongSecret }),
    );
    render(<SettingsHost />);
    expect(await screen.findByTestId('lock-hint')).toHaveTextContent('pi');
    const input = screen.getByLabelText('Passcode');
    await userEvent.type(input, '2718');
    await userEvent.click(screen.getByTestId('unlock'));
    expect(await screen.findByTestId('error-secret')).toHaveTextContent(MSG.wrongSecret);
    await userEvent.type(input, '3141');
    await userEvent.click(screen.getByTestId('unlock'));
    expect(screen.queryByTestId('app-lock')).toBeNull();
  });

  it('keeps the app behind it inert and out of the accessibility tree, and says how long a spent budget locks', async () => {
    useAuthStore.setState({ user: paranoid });
    mockFetch((_url, init) =>
      (bodyOf(init) as { secret: string }).secret === '3141'
        ? json(200, { status: 'ok' })
        : json(400, {
            status: 'error',
            message: MSG.wrongSecret,
            error: MSG.wrongSecret,
            retry_after: 300,
          }),
    );
    const { container } = render(
      <>
        <nav data-testid="behind">chat list</nav>
        <SettingsHost />
      </>,
    );
    await screen.findByTestId('lock-hint');
    expect(container).toHaveAttribute('inert');
    expect(container).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('navigation')).toBeNull(); // role queries skip aria-hidden
    expect(screen.getByRole('navigation', { hidden: true })).toHaveTextContent('chat list');
    expect(screen.getByRole('dialog')).toBe(screen.getByTestId('app-lock'));
    await userEvent.type(screen.getByLabelText('Passcode'), '2718');
    await userEvent.click(screen.getByTestId('unlock'));
    expect(await screen.findByTestId('error-secret')).toHaveTextContent(
      'Wrong passcode. Try again in 5 min.',
    );
    await userEvent.type(screen.getByLabelText('Passcode'), '3141');
    await userEvent.click(screen.getByTestId('unlock'));
    expect(screen.queryByTestId('app-lock')).toBeNull();
    expect(container).not.toHaveAttribute('inert');
    expect(container).not.toHaveAttribute('aria-hidden');
  });

  it('is not shown without paranoid mode or without a passcode', () => {
    useAuthStore.setState({ user: { ...paranoid, paranoid: false } });
    const { rerender } = render(<SettingsHost />);
    expect(screen.queryByTestId('app-lock')).toBeNull();
    useAuthStore.setState({ user: { ...paranoid, secret_exists: false } });
    rerender(<SettingsHost />);
    expect(screen.queryByTestId('app-lock')).toBeNull();
  });

  it('locks after the idle period', () => {
    expect(idleTooLong(0, 5 * 60_000 - 1)).toBe(false);
    expect(idleTooLong(0, 5 * 60_000)).toBe(true);
  });
});

describe('user.updated', () => {
  const direct = {
    id: 3,
    name: null,
    avatar: null,
    friend: { id: 9, name: 'Old', avatar: null, status: null, pivot: { blocked: false } },
    current_user: {
      last_message: {
        id: 1,
        message: 'hi',
        type: 'text',
        created_at: '2026-01-01T00:00:00Z',
        user_id: 9,
        sender: { id: 9, name: 'Old' },
      },
    },
  } as unknown as Conversation;
  const profile = { user_id: 9, name: 'New', username: 'new', avatar: '/a.jpg', status: 'Hi' };

  it('renames the friend of a direct chat and the last sender', () => {
    const state = { ...emptyConversations, byId: { 3: direct } };
    const next = applyProfile(state, 3, profile).byId[3];
    expect(next?.friend).toMatchObject({ name: 'New', avatar: '/a.jpg', status: 'Hi' });
    expect(next?.current_user.last_message?.sender?.name).toBe('New');
    expect(applyProfile(state, 3, { ...profile, user_id: 10 })).toBe(state);
  });

  it('updates the signed-in user when it is about them', () => {
    useAuthStore.setState({ user: { ...sampleUser } });
    const frame = (payload: typeof profile) => ({
      op: 'event' as const,
      scope: 'conversation' as const,
      conversation_id: 3,
      seq: 2,
      type: 'user.updated' as const,
      payload,
    });
    applySelf(frame({ ...profile, user_id: 8 }));
    expect(useAuthStore.getState().user?.name).toBe(sampleUser.name);
    applySelf(frame({ ...profile, user_id: sampleUser.id }));
    expect(useAuthStore.getState().user).toMatchObject({ name: 'New', avatar: '/a.jpg' });
  });
});
