import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { GROUP_MSG } from '@parley/protocol/group';
import { MSG } from '@parley/protocol/messages';
import { json, mockFetch, resetBrowserState, signIn } from '../../test/http-fixtures';
import { CreateScreen } from './CreateScreen';

// The create form shows spec 5's messages under their fields: its own check
// first (nothing is sent), then whatever the server answers.

beforeEach(() => {
  resetBrowserState();
  signIn();
  document.cookie = 'XSRF-TOKEN=csrf; path=/';
});

function renderForm(kind: 'group' | 'channel') {
  return render(
    <MemoryRouter>
      <CreateScreen kind={kind} onClose={() => undefined} />
    </MemoryRouter>,
  );
}

describe('create form', () => {
  it('checks name, public username and avatar before sending', async () => {
    const sent = mockFetch(() => json(500, {}));
    renderForm('channel');
    await userEvent.click(screen.getByTestId('type-public'));
    // The file picker's own filter aside (a browser's "all files" choice).
    await userEvent
      .setup({ applyAccept: false })
      .upload(
        screen.getByTestId('group-avatar-input'),
        new File(['x'], 'photo.gif', { type: 'image/gif' }),
      );
    await userEvent.click(screen.getByTestId('create-submit'));
    expect(screen.getByTestId('error-channel_name')).toHaveTextContent(GROUP_MSG.nameCantBeEmpty);
    expect(screen.getByTestId('error-username')).toHaveTextContent(
      GROUP_MSG.publicChannelNeedsUsername,
    );
    expect(screen.getByTestId('error-avatar')).toHaveTextContent(GROUP_MSG.avatarExtension);
    expect(sent).not.toHaveBeenCalled();
  });

  it("shows the server's field messages under their fields, and others as the form's line", async () => {
    let reply = json(422, {
      message: MSG.validationFailed,
      errors: { username: [MSG.usernameTaken] },
    });
    const sent = mockFetch(() => reply);
    renderForm('group');
    await userEvent.type(screen.getByLabelText('Group name'), 'Hikers');
    await userEvent.click(screen.getByTestId('type-public'));
    await userEvent.type(screen.getByLabelText('Username'), 'hikers');
    await userEvent.click(screen.getByTestId('create-submit'));
    expect(await screen.findByTestId('error-username')).toHaveTextContent(MSG.usernameTaken);
    expect(screen.queryByTestId('error-group_name')).toBeNull();
    const [url, init] = sent.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/user\/groups\/create$/);
    const form = init?.body as FormData;
    expect(form.get('group_name')).toBe('Hikers');
    expect(form.get('type')).toBe('public');
    expect(form.get('member_ids')).toBe('[]');
    expect(form.get('has_tasks')).toBe('0');

    reply = json(422, {
      message: MSG.validationFailed,
      errors: { member_ids: [GROUP_MSG.notFriends], type: [GROUP_MSG.invalidType] },
    });
    await userEvent.click(screen.getByTestId('create-submit'));
    expect(await screen.findByTestId('error-member_ids')).toHaveTextContent(GROUP_MSG.notFriends);
    expect(screen.getByTestId('create-error')).toHaveTextContent(GROUP_MSG.invalidType);
  });
});
