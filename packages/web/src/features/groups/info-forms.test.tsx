import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation } from '@parley/protocol/conversation';
import { GROUP_MSG } from '@parley/protocol/group';
import { MSG } from '@parley/protocol/messages';
import {
  bodyOf,
  json,
  mockFetch,
  resetBrowserState,
  signIn,
  sampleConversation,
  samplePivot,
} from '../../test/http-fixtures';
import { emptyConversations } from '@parley/protocol/sync/list-reducers';
import { useConversationStore } from '../conversations/store';
import { AddMembers } from './AddMembers';
import { InfoEditor } from './InfoEditor';

// The info panel's forms: editing checks spec 5's messages before sending
// and sends only what changed; adding members offers friends not in yet.

const conversation = (id: number, over: Partial<Conversation> = {}): Conversation =>
  sampleConversation({
    id,
    type: 'channel',
    name: 'Trail news',
    description: 'Weekly',
    created_at: '2026-03-01T09:00:00.000Z',
    is_group: false,
    is_channel: true,
    pivot: samplePivot({ role: 'owner' }),
    username: null,
    members_count: 2,
    ...over,
  });

const friend = (conversationId: number, id: number, name: string) =>
  conversation(conversationId, {
    type: 'direct',
    is_channel: false,
    name: null,
    friend: { id, name, avatar: null, status: null, pivot: { blocked: false } },
    pivot: { ...conversation(0).pivot, role: null },
  });

beforeEach(() => {
  resetBrowserState();
  signIn();
  document.cookie = 'XSRF-TOKEN=csrf; path=/';
  useConversationStore.setState(emptyConversations);
});

describe('info edit form', () => {
  it('shows the spec 5 messages under their fields and sends nothing', async () => {
    const sent = mockFetch(() => json(500, {}));
    render(<InfoEditor kind="channel" conversation={conversation(5)} onDone={() => undefined} />);
    await userEvent.clear(screen.getByLabelText('Channel name'));
    await userEvent.click(screen.getByTestId('type-public'));
    await userEvent
      .setup({ applyAccept: false })
      .upload(
        screen.getByTestId('group-avatar-input'),
        new File(['x'], 'logo.gif', { type: 'image/gif' }),
      );
    await userEvent.click(screen.getByTestId('edit-save'));
    expect(screen.getByTestId('error-name')).toHaveTextContent(GROUP_MSG.nameCantBeEmpty);
    expect(screen.getByTestId('error-username')).toHaveTextContent(
      GROUP_MSG.publicChannelNeedsUsername,
    );
    expect(screen.getByTestId('error-avatar')).toHaveTextContent(GROUP_MSG.avatarExtension);
    expect(sent).not.toHaveBeenCalled();
  });

  it("sends only what changed, then the avatar; the server's messages go under their fields", async () => {
    const c = conversation(5);
    let editReply = json(422, {
      message: MSG.validationFailed,
      errors: { username: [MSG.usernameTaken] },
    });
    const sent = mockFetch((url) =>
      url.endsWith('/avatar')
        ? json(200, { ...c, name: 'Trail notes', avatar: '/api/v1/avatars/a.jpg' })
        : editReply,
    );
    const done = vi.fn();
    render(<InfoEditor kind="channel" conversation={c} onDone={done} />);
    const name = screen.getByLabelText('Channel name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Trail notes');
    await userEvent.click(screen.getByTestId('type-public'));
    await userEvent.type(screen.getByLabelText('Username'), 'trails');
    await userEvent.click(screen.getByTestId('edit-save'));
    expect(await screen.findByTestId('error-username')).toHaveTextContent(MSG.usernameTaken);
    expect(done).not.toHaveBeenCalled();
    const [url, init] = sent.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/user\/conversations\/5\/edit$/);
    expect(bodyOf(init)).toEqual({ name: 'Trail notes', type: 'public', username: 'trails' });

    editReply = json(200, { ...c, name: 'Trail notes' });
    await userEvent.click(screen.getByTestId('type-private'));
    await userEvent.upload(
      screen.getByTestId('group-avatar-input'),
      new File(['png'], 'logo.png', { type: 'image/png' }),
    );
    await userEvent.click(screen.getByTestId('edit-save'));
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(bodyOf(sent.mock.calls[1]?.[1])).toEqual({ name: 'Trail notes' });
    const upload = sent.mock.calls[2];
    expect(String(upload?.[0])).toMatch(/\/user\/conversations\/5\/avatar$/);
    expect((upload?.[1]?.body as FormData).get('avatar')).toBeInstanceOf(File);
    expect(useConversationStore.getState().byId[5]?.avatar).toBe('/api/v1/avatars/a.jpg');
  });
});

describe('add members', () => {
  it('offers friends who are not in yet, filters by name and adds several at once', async () => {
    useConversationStore
      .getState()
      .upsert([friend(11, 21, 'Bob Stone'), friend(12, 22, 'Carol King'), friend(13, 23, 'Dan')]);
    const sent = mockFetch(() => json(200, { status: 'ok', members: [], invited: [] }));
    const added = vi.fn();
    const closed = vi.fn();
    render(
      <AddMembers
        kind="group"
        conversationId={5}
        memberIds={[7, 23]}
        blockedIds={[]}
        onAdded={added}
        onClose={closed}
      />,
    );
    const dialog = screen.getByTestId('add-members-dialog');
    expect(within(dialog).queryByText('Dan')).toBeNull();
    expect(screen.getByTestId('add-members-submit')).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Find a contact'), 'car');
    expect(within(dialog).queryByText('Bob Stone')).toBeNull();
    await userEvent.click(screen.getByTestId('pick-22'));
    await userEvent.clear(screen.getByLabelText('Find a contact'));
    await userEvent.click(screen.getByTestId('pick-21'));
    await userEvent.click(screen.getByTestId('add-members-submit'));
    await vi.waitFor(() => expect(added).toHaveBeenCalled());
    const [url, init] = sent.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/user\/conversations\/5\/members$/);
    expect(bodyOf(init)).toEqual({ user_ids: [22, 21] });
    expect(closed).toHaveBeenCalled();
  });

  it('does not offer someone in the removed-and-blocked list, and marks bots', async () => {
    const bot = { ...friend(12, 22, 'Echo Bot'), with_bot: true };
    useConversationStore
      .getState()
      .upsert([friend(11, 21, 'Bob Stone'), bot, friend(13, 23, 'Dan Removed')]);
    render(
      <AddMembers
        kind="group"
        conversationId={5}
        memberIds={[7]}
        blockedIds={[23]}
        onAdded={() => undefined}
        onClose={() => undefined}
      />,
    );
    const dialog = screen.getByTestId('add-members-dialog');
    expect(within(dialog).queryByText('Dan Removed')).toBeNull();
    expect(screen.queryByTestId('pick-23')).toBeNull();
    expect(screen.getByTestId('pick-21')).toBeInTheDocument();
    const botRow = screen.getByTestId('pick-22').closest('label');
    expect(botRow).not.toBeNull();
    expect(within(botRow!).getByTestId('badge-bot')).toHaveTextContent('bot');
  });

  it("shows the server's refusal in the dialog", async () => {
    useConversationStore.getState().upsert([friend(11, 21, 'Bob Stone')]);
    mockFetch(() =>
      json(422, { message: MSG.validationFailed, errors: { user_ids: [GROUP_MSG.notFriends] } }),
    );
    render(
      <AddMembers
        kind="channel"
        conversationId={5}
        memberIds={[]}
        blockedIds={[]}
        onAdded={() => undefined}
        onClose={() => undefined}
      />,
    );
    await userEvent.click(screen.getByTestId('pick-21'));
    await userEvent.click(screen.getByTestId('add-members-submit'));
    expect(await screen.findByTestId('add-members-error')).toHaveTextContent(GROUP_MSG.notFriends);
  });
});
