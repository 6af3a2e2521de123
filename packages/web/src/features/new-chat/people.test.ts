import { describe, expect, it } from 'vitest';
import { pickerPeople } from './people';

const contacts = [
  { id: 2, name: 'Anna Petrova', avatar: null },
  { id: 3, name: 'Boris', avatar: 'b.png' },
];
const found = [
  { id: 9, name: 'Annabel', username: 'annabel', avatar: null },
  { id: 3, name: 'Boris', username: 'anna_fan', avatar: 'b.png' },
  { id: 1, name: 'Me', username: 'me_anna', avatar: null },
];

describe('pickerPeople', () => {
  it('lists every contact while nothing is typed', () => {
    expect(pickerPeople(contacts, [], '', 1).map((p) => p.id)).toEqual([2, 3]);
  });

  it('puts matching contacts first, then found people once, never oneself', () => {
    const people = pickerPeople(contacts, found, 'anna', 1);
    // Boris matches by @username (server found him), Anna by name.
    expect(people.map((p) => [p.id, p.known])).toEqual([
      [2, true],
      [3, true],
      [9, false],
    ]);
    expect(people[1]?.username).toBe('anna_fan');
  });

  it('matches names without a leading @ and ignores case', () => {
    expect(pickerPeople(contacts, [], '@BOR', 1).map((p) => p.id)).toEqual([3]);
  });
});
