import { describe, expect, it } from 'vitest';
import { insertMention, mentionFragment, recentSpeakers, suggestMentions } from './mention-suggest';
import { isMentionable, mentionKeys } from './mentions';

const people = [
  { id: 1, name: 'Me Myself', username: 'me' },
  { id: 2, name: 'Élodie Martin', username: 'elodie' },
  { id: 3, name: 'Anna Petrova', username: 'annap' },
  { id: 4, name: 'Иван Андреев', username: 'ivan' },
  { id: 5, name: 'Ann Lee', username: 'Ann Lee' },
  { id: 6, name: 'Joanna Smith', username: 'jsmith' },
  { id: 7, name: 'Bob', username: 'BobAnn' },
];
const names = (list: { username: string }[]) => list.map((p) => p.username);

describe('mentionFragment: the `@…` before the caret', () => {
  it.each([
    ['@', 1, { start: 0, end: 1, query: '' }],
    ['hi @an', 6, { start: 3, end: 6, query: 'an' }],
    ['hi @anna there', 6, { start: 3, end: 8, query: 'an' }],
    ['(@Éло', 5, { start: 1, end: 5, query: 'Éло' }],
    ['line\n@iv', 8, { start: 5, end: 8, query: 'iv' }],
  ])('%j at %i', (text, caret, fragment) => {
    expect(mentionFragment(text, caret)).toEqual(fragment);
  });

  it.each([
    ['mail me@example', 15],
    ['no at sign', 5],
    ['@anna done', 10],
    ['@@anna', 6],
    ['hi @an', 2],
  ])('none in %j at %i', (text, caret) => {
    expect(mentionFragment(text, caret)).toBeNull();
  });
});

describe('suggestMentions', () => {
  it('matches username or any word of the name, ignoring case and diacritics', () => {
    expect(names(suggestMentions(people, 'ELO', { selfId: 1 }))).toEqual(['elodie']);
    expect(names(suggestMentions(people, 'mar', { selfId: 1 }))).toEqual(['elodie']);
    expect(names(suggestMentions(people, 'анд', { selfId: 1 }))).toEqual(['ivan']);
    expect(names(suggestMentions(people, 'zzz', { selfId: 1 }))).toEqual([]);
  });

  it('puts prefix matches before substring ones, then by name', () => {
    expect(names(suggestMentions(people, 'ann', { selfId: 1 }))).toEqual([
      'annap',
      'BobAnn',
      'jsmith',
    ]);
  });

  it('leaves out yourself and usernames the mention rule cannot name', () => {
    const all = names(suggestMentions(people, '', { selfId: 1 }));
    expect(all).not.toContain('me');
    expect(all).not.toContain('Ann Lee');
    expect(all).toHaveLength(5);
    expect(isMentionable('Ann Lee')).toBe(false);
    // What the filter protects against: the rule would name someone else.
    expect(mentionKeys('@Ann Lee')).toEqual(['ann']);
  });

  it('puts recent speakers first within a kind of match, and caps the list', () => {
    const recent = [6, 3];
    expect(names(suggestMentions(people, '', { selfId: 1, recentIds: recent }))).toEqual([
      'jsmith',
      'annap',
      'BobAnn',
      'elodie',
      'ivan',
    ]);
    expect(suggestMentions(people, 'ann', { selfId: 1, recentIds: [7] })[0]?.username).toBe(
      'annap',
    );
    const crowd = Array.from({ length: 20 }, (_, i) => ({
      id: 100 + i,
      name: `P${i}`,
      username: `p${i}`,
    }));
    expect(suggestMentions(crowd, 'p', { selfId: null })).toHaveLength(8);
  });
});

describe('insertMention', () => {
  it('replaces the fragment with @username and a space, the caret after it', () => {
    const text = 'hi @an';
    const fragment = mentionFragment(text, 6)!;
    expect(insertMention(text, fragment, 'annap')).toEqual({ text: 'hi @annap ', caret: 10 });
  });

  it('replaces the whole word around the caret and reuses a following space', () => {
    const text = 'hi @anXX there';
    const fragment = mentionFragment(text, 6)!;
    const done = insertMention(text, fragment, 'annap');
    expect(done).toEqual({ text: 'hi @annap there', caret: 10 });
    expect(mentionKeys(done.text)).toEqual(['annap']);
  });
});

describe('recentSpeakers', () => {
  it('lists distinct authors, newest first, without system messages', () => {
    const messages = [{ user_id: 3 }, { user_id: 6 }, { user_id: null }, { user_id: 3 }];
    expect(recentSpeakers(messages)).toEqual([3, 6]);
  });
});
