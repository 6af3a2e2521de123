import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation } from '@parley/protocol/conversation';
import { FOLDER_MSG } from '@parley/protocol/folder';
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
import { FolderTabs } from './FolderTabs';
import { useFolderStore } from './store';
import { useFolderView } from './use-folder-view';

// The folder tabs in the browser: the tablist, badges from the loaded list,
// the filter and its paging call, keyboard moves, the persisted tab, a
// folder deleted elsewhere, and the editor's field messages.

const conversation = (id: number, folderId: number | null, unread: number): Conversation =>
  sampleConversation({
    id,
    type: 'direct',
    name: `Chat ${id}`,
    is_group: false,
    pivot: samplePivot({ new_messages: unread, folder_id: folderId }),
  });

const FOLDERS = [
  { id: 1, name: 'Work', position: 0 },
  { id: 2, name: 'Home', position: 1 },
];

function Harness() {
  const items = [{ id: 1 }, { id: 2 }, { id: 3 }];
  const view = useFolderView(items, () => undefined);
  return (
    <>
      <FolderTabs />
      <ul>
        {view.items.map((item) => (
          <li key={item.id} data-testid="row">
            {item.id}
          </li>
        ))}
      </ul>
    </>
  );
}

const rows = () => screen.queryAllByTestId('row').map((r) => Number(r.textContent));

let calls: string[];

beforeEach(() => {
  resetBrowserState();
  signIn();
  document.cookie = 'XSRF-TOKEN=csrf; path=/';
  useFolderStore.getState().reset();
  useConversationStore.setState({
    ...emptyConversations,
    byId: { 1: conversation(1, 1, 2), 2: conversation(2, 2, 4), 3: conversation(3, null, 1) },
    unreadTotal: 7,
  });
  calls = [];
  mockFetch((url, init) => {
    calls.push(`${init.method ?? 'GET'} ${url.replace(/^.*\/api\/v1/, '')}`);
    if (url.endsWith('/user/folders') && (init.method ?? 'GET') === 'GET') {
      return json(200, { folders: FOLDERS, user_seq: 5 });
    }
    if (url.includes('/user/conversations?')) {
      return json(200, { conversations: [], next_cursor: null });
    }
    if (url.endsWith('/user/folders')) {
      const name = (bodyOf(init) as { name: string }).name;
      if (name === 'Twenty-first') {
        return json(422, { message: MSG.validationFailed, errors: { name: [FOLDER_MSG.tooMany] } });
      }
      const folder = { id: 3, name, position: 2 };
      return json(200, { status: 'ok', folder, folders: [...FOLDERS, folder], user_seq: 6 });
    }
    return json(404, { message: MSG.notFound });
  });
});

describe('folder tabs', () => {
  it('shows All and the folders with their unread badges, and filters the list', async () => {
    render(<Harness />);
    const tablist = screen.getByRole('tablist');
    expect(await within(tablist).findByRole('tab', { name: /Work/ })).toBeInTheDocument();
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All7', 'Work2', 'Home4']);
    expect(screen.getByTestId('folder-tab-all')).toHaveAttribute('aria-selected', 'true');
    expect(rows()).toEqual([1, 2, 3]);

    await userEvent.click(screen.getByTestId('folder-tab-1'));
    expect(screen.getByTestId('folder-tab-1')).toHaveAttribute('aria-selected', 'true');
    expect(rows()).toEqual([1]);
    // The tab pages through the list call's folder filter, and is remembered.
    expect(calls).toContain('GET /user/conversations?folder_id=1');
    expect(localStorage.getItem('parley.folder.anon')).toBe('1');
  });

  it('moves between tabs with the arrow keys, Home and End (one tab stop)', async () => {
    render(<Harness />);
    const work = await screen.findByTestId('folder-tab-1');
    await userEvent.click(work);
    expect(screen.getByTestId('folder-tab-all')).toHaveAttribute('tabindex', '-1');
    expect(work).toHaveAttribute('tabindex', '0');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByTestId('folder-tab-2')).toHaveFocus();
    expect(rows()).toEqual([2]);
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByTestId('folder-tab-all')).toHaveFocus();
    expect(rows()).toEqual([1, 2, 3]);
    await userEvent.keyboard('{End}');
    expect(screen.getByTestId('folder-tab-2')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    expect(screen.getByTestId('folder-tab-all')).toHaveAttribute('aria-selected', 'true');
  });

  it('falls back to All when the selected folder is deleted in another tab', async () => {
    localStorage.setItem('parley.folder.anon', '2');
    render(<Harness />);
    expect(await screen.findByTestId('folder-tab-2')).toHaveAttribute('aria-selected', 'true');
    expect(rows()).toEqual([2]);
    const frame = {
      op: 'event' as const,
      scope: 'user' as const,
      seq: 9,
      type: 'folders.changed' as const,
      payload: { folders: FOLDERS.slice(0, 1) },
    };
    act(() => {
      useConversationStore.getState().applyUserFrame(frame);
      useFolderStore.getState().applyFrame(frame);
    });
    expect(screen.queryByTestId('folder-tab-2')).toBeNull();
    expect(screen.getByTestId('folder-tab-all')).toHaveAttribute('aria-selected', 'true');
    expect(rows()).toEqual([1, 2, 3]);
    expect(useConversationStore.getState().byId[2]?.pivot.folder_id).toBeNull();
    // An older list (a replayed event) does not come back.
    act(() =>
      useFolderStore.getState().applyFrame({ ...frame, seq: 8, payload: { folders: FOLDERS } }),
    );
    expect(screen.queryByTestId('folder-tab-2')).toBeNull();
  });

  it('the editor checks the name first, then shows the server refusal', async () => {
    render(<Harness />);
    await screen.findByTestId('folder-tab-1');
    await userEvent.click(screen.getByTestId('folder-edit'));
    // The editor is its own chunk (loaded when opened).
    const editor = await screen.findByTestId('folder-editor', {}, { timeout: 10_000 });
    await userEvent.type(within(editor).getByTestId('folder-new-name'), '   ');
    await userEvent.click(within(editor).getByTestId('folder-create'));
    expect(editor).toHaveTextContent(FOLDER_MSG.nameRequired);
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);

    const input = within(editor).getByTestId('folder-new-name');
    await userEvent.clear(input);
    await userEvent.type(input, 'Twenty-first');
    await userEvent.click(within(editor).getByTestId('folder-create'));
    expect(await within(editor).findByText(FOLDER_MSG.tooMany)).toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.type(input, 'News');
    await userEvent.click(within(editor).getByTestId('folder-create'));
    expect(await screen.findByTestId('folder-tab-3')).toHaveTextContent('News');
    expect(input).toHaveValue('');
  });
});
