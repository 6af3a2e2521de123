import { describe, expect, it } from 'vitest';
import { pickerPeople } from './people';

const contacts = [
  { id: 2, name: 'Anna Petrova', avatar: null, bot: false, official: false },
  { id: 3, name: 'Boris', avatar: 'b.png', bot: false, official: false },
  { id: 4, name: 'ParleyBot', avatar: null, bot: true, official: true },
];
const found = [
  { id: 9, name: 'Annabel', username: 'annabel', avatar: null },
  { id: 8, name: 'Anna Bot', username: 'anna_bot', avatar: null, is_bot: true },
  { id: 3, name: 'Boris', username: 'anna_fan', avatar: 'b.png' },
  { id: 1, name: 'Me', username: 'me_anna', avatar: null },
];

describe('pickerPeople', () => {
  it('lists every contact while nothing is typed', () => {
    expect(pickerPeople(contacts, [], '', 1).map((p) => p.id)).toEqual([2, 3, 4]);
  });

  it('puts matching contacts first, then found people once, never oneself', () => {
    const people = pickerPeople(contacts, found, 'anna', 1);
    // Boris matches by @username (server found him), Anna by name.
    expect(people.map((p) => [p.id, p.known])).toEqual([
      [2, true],
      [3, true],
      [9, false],
      [8, false],
    ]);
    expect(people[1]?.username).toBe('anna_fan');
  });

  it('carries the bot and official marks of contacts and of found people', () => {
    const marks = pickerPeople(contacts, found, '', 1).map((p) => [p.id, p.bot, p.official]);
    expect(marks).toContainEqual([4, true, true]);
    expect(marks).toContainEqual([8, true, false]);
    expect(marks).toContainEqual([2, false, false]);
  });

  it('matches names without a leading @ and ignores case', () => {
    expect(pickerPeople(contacts, [], '@BOR', 1).map((p) => p.id)).toEqual([3]);
  });
});
