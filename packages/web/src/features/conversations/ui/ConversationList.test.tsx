import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ConversationListItem } from '../list-item';
import { ConversationList } from './ConversationList';

const item = (id: number): ConversationListItem => ({
  id,
  title: `Chat ${id}`,
  avatar: null,
  avatarKind: 'person',
  preview: '',
  time: '',
  unread: 0,
  mentioned: false,
  pinned: false,
  muted: false,
  hidden: false,
  notificationsOff: false,
  blocked: false,
  friendId: null,
  avatarId: 1,
  typing: null,
  online: false,
});

function rowsAfterFirstRender(count: number): number {
  const { container } = render(
    <MemoryRouter>
      <ConversationList
        items={Array.from({ length: count }, (_, i) => item(i + 1))}
        activeId={null}
        loading={false}
        searching={false}
      />
    </MemoryRouter>,
  );
  return container.querySelectorAll('.conv-row').length;
}

// The list must not paint empty while Virtuoso has not measured its viewport
// yet (jsdom never gives it a size, so only the first render shows here).
describe('conversation list, first render', () => {
  it('has rows before anything was measured: a tall window’s worth', () => {
    expect(rowsAfterFirstRender(1000)).toBe(20);
  });

  it('has every row of a short list', () => {
    expect(rowsAfterFirstRender(3)).toBe(3);
  });
});
