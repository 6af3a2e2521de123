import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { serverFrameSchema } from '@parley/protocol/realtime';
import { resetBrowserState, sampleUser, signIn } from '../../test/http-fixtures';
import { useAuthStore } from '../auth/store';
import { applyUserFrame } from '@parley/protocol/sync/list-events';
import { emptyConversations } from '@parley/protocol/sync/list-reducers';
import { SettingsHost } from './SettingsHost';
import { useLock } from './lock';
import { PrivacySection } from './sections/PrivacySection';
import { applySelf } from './store';

// A `settings.changed` user event (a change made on another device) applied
// in this tab: parsed by the protocol's frame schema as the socket does, then
// applied to the signed-in user, which the settings screen and the paranoid
// lock read.

/** A frame as the socket delivers it: parsed by the protocol's schema. */
function settingsFrame(seq: number, payload: Record<string, unknown>) {
  const frame = serverFrameSchema.parse({
    op: 'event',
    scope: 'user',
    seq,
    type: 'settings.changed',
    payload,
  });
  if (frame.op !== 'event' || frame.scope !== 'user' || frame.type !== 'settings.changed') {
    throw new Error('not a settings frame');
  }
  return frame;
}

beforeEach(() => {
  resetBrowserState();
  signIn();
  useLock.setState({ unlocked: false, lastInput: Date.now() });
});
afterEach(() => useAuthStore.setState({ user: null }));

describe('settings.changed', () => {
  it('is refused by the frame schema when a field has the wrong type', () => {
    const bad = { op: 'event', scope: 'user', seq: 2, type: 'settings.changed' };
    expect(serverFrameSchema.safeParse({ ...bad, payload: { muted: 'yes' } }).success).toBe(false);
    expect(serverFrameSchema.safeParse({ ...bad, payload: { muted: true } }).success).toBe(true);
  });

  it('updates an open settings screen, and only the fields it carries', () => {
    useAuthStore.setState({ user: { ...sampleUser } });
    render(<PrivacySection />);
    expect(screen.getByTestId('switch-hide_status')).not.toBeChecked();
    expect(screen.getByTestId('switch-allow_search')).toBeChecked();
    act(() =>
      // `future_setting`: a newer server's field this version does not know.
      applySelf(settingsFrame(5, { hide_status: true, max_time_inactive: 6, future_setting: 1 })),
    );
    expect(screen.getByTestId('switch-hide_status')).toBeChecked();
    expect(screen.getByTestId('switch-allow_search')).toBeChecked();
    expect(screen.getByTestId('inactivity-select')).toHaveValue('6');
    expect(useAuthStore.getState().user).toEqual({
      ...sampleUser,
      hide_status: true,
      max_time_inactive: 6,
    });
  });

  it('locks this tab when paranoid mode is turned on elsewhere', async () => {
    useAuthStore.setState({ user: { ...sampleUser } });
    // This tab had been unlocked (paranoid was on before, then off).
    useLock.setState({ unlocked: true });
    render(<SettingsHost />);
    expect(screen.queryByTestId('app-lock')).toBeNull();
    act(() => applySelf(settingsFrame(3, { secret_exists: true, secret_hint: 'e' })));
    expect(screen.queryByTestId('app-lock')).toBeNull();
    act(() => applySelf(settingsFrame(4, { paranoid: true })));
    // The lock screen is a chunk of its own: it appears once loaded.
    expect(await screen.findByTestId('app-lock')).toBeInTheDocument();
    expect(useLock.getState().unlocked).toBe(false);
  });

  it('an echo of a state already held does not lock an unlocked tab', () => {
    useAuthStore.setState({ user: { ...sampleUser, paranoid: true, secret_exists: true } });
    useLock.setState({ unlocked: true });
    applySelf(settingsFrame(4, { paranoid: true }));
    expect(useLock.getState().unlocked).toBe(true);
  });

  it('moves the user seq the next resume starts from', () => {
    const outcome = applyUserFrame({ ...emptyConversations, userSeq: 4 }, settingsFrame(5, {}));
    expect(outcome.state.userSeq).toBe(5);
    expect(outcome.refetch).toEqual([]);
  });
});
