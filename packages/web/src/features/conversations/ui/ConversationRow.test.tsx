import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { writeDraft } from '../../../lib/storage';
import type { ConversationListItem } from '../list-item';
import { ConversationRow } from './ConversationRow';

const item: ConversationListItem = {
  id: 7,
  title: 'Alice',
  avatar: null,
  avatarKind: 'person',
  preview: 'See you on Friday',
  time: '',
  unread: 0,
  mentioned: false,
  pinned: false,
  muted: false,
  hidden: false,
  notificationsOff: false,
  blocked: false,
  friendId: null,
  avatarId: 7,
  typing: null,
  online: false,
};

const renderRow = (active: boolean) =>
  render(
    <MemoryRouter>
      <ConversationRow item={item} active={active} />
    </MemoryRouter>,
  );

afterEach(() => localStorage.clear());

describe('conversation row, draft preview (spec 3 draft per conversation)', () => {
  it('shows the last message when there is no draft', () => {
    renderRow(false);
    expect(screen.getByTestId('conversation-preview')).toHaveTextContent('See you on Friday');
    expect(screen.queryByTestId('conversation-draft')).toBeNull();
  });

  it('shows "Draft: …" instead of the last message, and follows draft changes live', () => {
    renderRow(false);
    act(() => writeDraft(7, 'half a\nthought'));
    expect(screen.getByTestId('conversation-draft')).toHaveTextContent('half a thought');
    expect(screen.queryByTestId('conversation-preview')).toBeNull();
    act(() => writeDraft(7, ''));
    expect(screen.getByTestId('conversation-preview')).toHaveTextContent('See you on Friday');
  });

  it('hears a draft written by another tab (storage event)', () => {
    renderRow(false);
    act(() => {
      localStorage.setItem('draft_7', 'from the other tab');
      window.dispatchEvent(new StorageEvent('storage', { key: 'draft_7' }));
    });
    expect(screen.getByTestId('conversation-draft')).toHaveTextContent('from the other tab');
  });

  it('keeps the last message on the open chat, whose composer shows the draft', () => {
    writeDraft(7, 'typing here');
    renderRow(true);
    expect(screen.getByTestId('conversation-preview')).toHaveTextContent('See you on Friday');
  });
});
