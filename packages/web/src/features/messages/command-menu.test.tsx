import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BotCommand } from '@parley/protocol/bot';
import { Composer } from './Composer';
import { commandQuery, commandText, matchCommands } from './use-command-menu';

const cmd = (command: string, description = '', bot_id = 5): BotCommand => ({
  bot_id,
  bot_username: bot_id === 5 ? 'echo_bot' : 'other_bot',
  command,
  description,
});
const commands = [cmd('start', 'Start over'), cmd('help', 'What I do'), cmd('settings', 'Set up')];

describe('the "/" menu rules', () => {
  it('opens only on a lone command being typed', () => {
    expect(commandQuery('/')).toBe('');
    expect(commandQuery('/He')).toBe('he');
    expect(commandQuery('/help me')).toBeNull();
    expect(commandQuery('hi /help')).toBeNull();
  });

  it('lists prefix matches first, then those containing the text', () => {
    expect(matchCommands(commands, 'set').map((c) => c.command)).toEqual(['settings']);
    expect(matchCommands(commands, 't').map((c) => c.command)).toEqual(['start', 'settings']);
    expect(matchCommands(commands, '')).toHaveLength(3);
  });

  it('names the bot when several share the chat', () => {
    expect(commandText(cmd('start'), commands)).toBe('/start');
    expect(commandText(cmd('start'), [...commands, cmd('ping', '', 9)])).toBe('/start@echo_bot');
  });
});

describe('the composer’s "/" menu', () => {
  afterEach(() => localStorage.clear());

  const setup = () => {
    const onSubmit = vi.fn();
    const load = vi.fn(() => Promise.resolve(commands));
    render(
      <Composer
        conversationId={31}
        mode={{ kind: 'new' }}
        onSubmit={onSubmit}
        onCancelMode={vi.fn()}
        loadCommands={load}
      />,
    );
    return { onSubmit, load, input: screen.getByTestId('composer-input') };
  };

  it('filters as you type; arrows move, Enter sends the command', async () => {
    const { onSubmit, load, input } = setup();
    await userEvent.type(input, '/');
    const list = await screen.findByRole('listbox');
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await userEvent.type(input, 's');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '/startStart over',
      '/settingsSet up',
    ]);
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', `${list.id}-1`);
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('/settings');
    expect(input).toHaveValue('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('Tab completes into the draft; Escape closes until the draft changes', async () => {
    const { onSubmit, input } = setup();
    await userEvent.type(input, '/he');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Tab}');
    expect(input).toHaveValue('/help ');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();

    await userEvent.clear(input);
    await userEvent.type(input, '/');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.type(input, 'h');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });
});
