import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import type { Conversation } from '@parley/protocol/conversation';
import { changeLocale } from '../../lib/i18n';
import { toListItem } from './list-item';
import { ConversationRow } from './ui/ConversationRow';
import { sampleConversation, samplePivot } from '../../test/http-fixtures';

const base = sampleConversation({
  id: 9,
  name: 'Book club',
  last_message_at: '2026-03-01T09:30:00.000Z',
  current_user: {
    last_message: {
      id: 4,
      message: 'See you on Friday',
      type: 'text',
      created_at: '2026-03-01T09:30:00.000Z',
      user_id: 2,
      sender: { id: 2, name: 'Alexander Graham Bell' },
    },
  },
  pivot: samplePivot({ new_messages: 3, mentioned_message_id: 4, last_read_message_id: 1 }),
});

const t = i18next.t.bind(i18next);

describe('conversation list row', () => {
  it('cuts the sender name of a group preview at 14 characters plus an ellipsis', () => {
    const item = toListItem(base, t, {
      ownId: 7,
      timeZone: 'UTC',
      now: Date.parse('2026-03-01T12:00:00Z'),
    });
    expect(item.preview).toBe('Alexander Grah…: See you on Friday');
    expect(item.time).toBe('09:30');
    render(
      <MemoryRouter>
        <ConversationRow item={item} active={false} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('conversation-preview')).toHaveTextContent(
      'Alexander Grah…: See you on Friday',
    );
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('3');
    expect(screen.getByText('@')).toBeInTheDocument();
  });

  it('puts the language’s spacing before the colon of "You: …" (French: a no-break space)', async () => {
    await changeLocale('fr');
    const mine = toListItem(base, t, { ownId: 2, timeZone: 'UTC' });
    expect(mine.preview).toBe('Vous\u00a0: See you on Friday');
    await changeLocale('en');
    expect(toListItem(base, t, { ownId: 2, timeZone: 'UTC' }).preview).toBe(
      'You: See you on Friday',
    );
  });

  it('shows a date for older days and no sender in direct chats', () => {
    const direct: Conversation = {
      ...base,
      type: 'direct',
      is_group: false,
      friend: {
        id: 2,
        name: 'Alexander Graham Bell',
        avatar: null,
        status: null,
        pivot: { blocked: false },
      },
    };
    const item = toListItem(direct, t, {
      ownId: 7,
      timeZone: 'UTC',
      now: Date.parse('2026-03-05T12:00:00Z'),
    });
    expect(item.preview).toBe('See you on Friday');
    expect(item.time).toBe('01/03/2026');
    expect(item.title).toBe('Alexander Graham Bell');
  });

  it('names Saved Messages in the interface language', () => {
    const saved = {
      ...base,
      type: 'saved' as const,
      is_group: false,
      is_saved: true,
      name: 'Saved Messages',
    };
    expect(toListItem(saved, t, { ownId: 7, timeZone: 'UTC' })).toMatchObject({
      title: 'Saved Messages',
      avatarKind: 'saved',
    });
  });
});
