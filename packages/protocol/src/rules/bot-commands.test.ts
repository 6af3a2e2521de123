import { describe, expect, it } from 'vitest';
import { commandBot, commandToSend, splitCommands } from './bot-commands';

describe('splitCommands', () => {
  it('finds commands at the start and after spaces, with an optional @bot', () => {
    expect(splitCommands('/help - What I can do\n/token @my_bot and /start@parley_bot.')).toEqual([
      { kind: 'command', text: '/help' },
      { kind: 'text', text: ' - What I can do\n' },
      { kind: 'command', text: '/token' },
      { kind: 'text', text: ' @my_bot and ' },
      { kind: 'command', text: '/start@parley_bot' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves slashes inside words, paths and links alone', () => {
    for (const text of ['and/or', 'https://example.org/help', 'a /' + 'x'.repeat(33), '1/2']) {
      expect(splitCommands(text)).toEqual([{ kind: 'text', text }]);
    }
    expect(splitCommands('')).toEqual([]);
  });
});

describe('commandBot and commandToSend', () => {
  it('reads the bot a command names', () => {
    expect(commandBot('/start@parley_bot')).toBe('parley_bot');
    expect(commandBot('/start')).toBeNull();
    expect(commandBot('/start@parley_bot and more')).toBeNull();
  });

  it('names the bot in a group unless the command already names one', () => {
    expect(commandToSend('/help', 'my_bot')).toBe('/help@my_bot');
    expect(commandToSend('/help@other_bot', 'my_bot')).toBe('/help@other_bot');
    expect(commandToSend('/help', null)).toBe('/help');
  });
});
