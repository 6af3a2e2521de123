import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MentionCandidate } from '@parley/protocol/rules/mention-suggest';
import { writeDraft } from '../../lib/storage';
import { Composer } from './Composer';

// The composer's "@" menu: members matching the fragment at the caret;
// arrows move, Enter/Tab/click insert `@username `, Escape closes.

const members: MentionCandidate[] = [
  { id: 7, name: 'Ada Lovelace', username: 'ada' },
  { id: 8, name: 'Anna Petrova', username: 'annap' },
  { id: 9, name: 'Élodie Andrieu', username: 'elodie' },
  { id: 10, name: 'Ann Lee', username: 'Ann Lee' },
  { id: 11, name: 'Boris', username: 'boris' },
];

describe('the composer’s "@" menu', () => {
  afterEach(() => localStorage.clear());

  const setup = (withMentions = true, recentIds: number[] = [], list = members) => {
    const onSubmit = vi.fn();
    const load = vi.fn(() => Promise.resolve(list));
    render(
      <Composer
        conversationId={41}
        mode={{ kind: 'new' }}
        onSubmit={onSubmit}
        onCancelMode={vi.fn()}
        mentions={withMentions ? { load, recentIds, selfId: 7 } : undefined}
      />,
    );
    return { onSubmit, load, input: screen.getByTestId('composer-input') };
  };
  // Name and @username (the avatar's initials are not part of it).
  const options = () =>
    screen
      .getAllByRole('option')
      .map((o) =>
        [...o.querySelectorAll('.mention-menu-name, .command-menu-about')]
          .map((part) => part.textContent)
          .join(''),
      );

  it('lists matching members (not yourself, not the unmentionable); Enter inserts', async () => {
    const { onSubmit, load, input } = setup();
    await userEvent.type(input, 'hi @');
    const list = await screen.findByRole('listbox');
    expect(options()).toEqual(['Anna Petrova@annap', 'Boris@boris', 'Élodie Andrieu@elodie']);
    await userEvent.type(input, 'AND');
    // Diacritics and case aside, "and" starts a word of Élodie's name only.
    expect(options()).toEqual(['Élodie Andrieu@elodie']);
    await userEvent.keyboard('{Backspace}{Backspace}');
    expect(options()).toEqual(['Anna Petrova@annap', 'Élodie Andrieu@elodie']);
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-controls', list.id);
    expect(input).toHaveAttribute('aria-activedescendant', `${list.id}-1`);
    await userEvent.keyboard('{Enter}');
    expect(input).toHaveValue('hi @elodie ');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).not.toHaveAttribute('aria-activedescendant');
    // Typing on after the pick: the caret is after the space.
    await userEvent.keyboard('ok');
    expect(input).toHaveValue('hi @elodie ok');
    // One load for the whole "@" session, not one per key.
    expect(load).toHaveBeenCalledTimes(1);
    // Leaving the composer closes the list; coming back to the fragment opens it.
    await userEvent.type(input, ' @bo');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await userEvent.click(document.body);
    expect(input).not.toHaveFocus();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('Tab inserts in place of the word at the caret; Escape closes without a change', async () => {
    const { input } = setup();
    await userEvent.type(input, 'ask  now');
    await userEvent.type(input, '@bo', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Tab}');
    // The space already there is used, and the caret goes after it.
    expect(input).toHaveValue('ask @boris now');
    await userEvent.keyboard('right ');
    expect(input).toHaveValue('ask @boris right now');

    await userEvent.clear(input);
    await userEvent.type(input, '@an');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).toHaveValue('@an');
    await userEvent.type(input, 'n');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });

  it('a click inserts; Enter sends as usual when nothing matches', async () => {
    const { onSubmit, input } = setup();
    await userEvent.type(input, '@');
    await screen.findByRole('listbox');
    await userEvent.click(screen.getByText('Boris'));
    expect(input).toHaveValue('@boris ');
    expect(input).toHaveFocus();

    await userEvent.clear(input);
    await userEvent.type(input, 'mail a@b');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('mail a@b');
  });

  it('puts recent speakers first', async () => {
    const { input } = setup(true, [11, 9]);
    await userEvent.type(input, '@');
    await screen.findByRole('listbox');
    expect(options()).toEqual(['Boris@boris', 'Élodie Andrieu@elodie', 'Anna Petrova@annap']);
  });

  it('a draft restored with an "@" opens nothing until the user types', async () => {
    writeDraft(41, 'hey @bo');
    const { load, input } = setup();
    expect(input).toHaveValue('hey @bo');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(load).not.toHaveBeenCalled();
    await userEvent.type(input, 'r');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(options()).toEqual(['Boris@boris']);
  });

  it('marks a bot with the bot badge, as every picker does', async () => {
    const bot = { id: 12, name: 'Weather', username: 'weatherbot', is_bot: true };
    const { input } = setup(true, [], [...members, bot]);
    await userEvent.type(input, '@wea');
    const [row] = await screen.findAllByRole('option');
    expect(row?.querySelector('[data-testid="badge-bot"]')).toHaveTextContent('bot');
    await userEvent.type(input, ' @bor');
    await vi.waitFor(() => expect(options()).toEqual(['Boris@boris']));
    expect(screen.getByRole('option').querySelector('[data-testid="badge-bot"]')).toBeNull();
  });

  it('has no menu without members to offer (direct chats)', async () => {
    const { input } = setup(false);
    await userEvent.type(input, '@a');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).not.toHaveAttribute('aria-autocomplete');
  });
});
