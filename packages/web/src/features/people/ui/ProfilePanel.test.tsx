import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@parley/protocol/profile';
import { loadLaterTexts } from '../../../lib/later-texts';
import { ProfilePanel } from './ProfilePanel';
import type { ProfilePanelProps } from './ProfilePanel';

const alice: Profile = {
  id: 5,
  name: 'Alice',
  username: 'alice',
  avatar: null,
  status: 'Playing chess',
  is_bot: false,
  is_official: false,
  last_seen_at: null,
  last_seen: 'recently',
  direct_conversation_id: 9,
};

function panel(overrides: Partial<ProfilePanelProps> = {}) {
  const props: ProfilePanelProps = {
    profile: alice,
    failed: false,
    line: 'last seen 5 minutes ago',
    online: false,
    groups: [{ id: 3, name: 'Chess club', avatar: null, members_count: 4 }],
    direct: { muted: false, blocked: false },
    busy: false,
    onClose: vi.fn(),
    onSendMessage: vi.fn(),
    onMute: vi.fn(),
    onBlock: vi.fn(),
    onCopyUsername: vi.fn(),
    onOpenGroup: vi.fn(),
    ...overrides,
  };
  render(<ProfilePanel {...props} />);
  return props;
}

describe('ProfilePanel', () => {
  beforeAll(() => loadLaterTexts('en'));

  it('shows the person, their last seen line, the actions and the groups in common', async () => {
    const props = panel();
    expect(screen.getByTestId('profile-panel')).toHaveFocus();
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Alice');
    expect(screen.getByTestId('profile-username')).toHaveTextContent('@alice');
    expect(screen.getByTestId('profile-last-seen')).toHaveTextContent('last seen 5 minutes ago');
    expect(screen.getByTestId('profile-mute')).toHaveTextContent('Mute');
    expect(screen.getByTestId('profile-block')).toHaveTextContent('Block');
    await userEvent.click(screen.getByTestId('profile-group-3'));
    expect(props.onOpenGroup).toHaveBeenCalledWith(3);
    await userEvent.click(screen.getByTestId('profile-username'));
    expect(props.onCopyUsername).toHaveBeenCalled();
  });

  it('names the undo actions while muted or blocked', () => {
    panel({ direct: { muted: true, blocked: true } });
    expect(screen.getByTestId('profile-mute')).toHaveTextContent('Unmute');
    expect(screen.getByTestId('profile-block')).toHaveTextContent('Unblock');
  });

  it('offers only Send message without a direct chat', () => {
    panel({ direct: null });
    expect(screen.getByTestId('profile-send')).toBeInTheDocument();
    expect(screen.queryByTestId('profile-mute')).toBeNull();
    expect(screen.queryByTestId('profile-block')).toBeNull();
  });

  it('closes on Escape and keeps Tab inside', async () => {
    const props = panel();
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(screen.getByTestId('profile-group-3')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByTestId('profile-close')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(props.onClose).toHaveBeenCalledTimes(1);
  });
});
