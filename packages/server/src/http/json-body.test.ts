import { describe, expect, it } from 'vitest';
import { jsonDepth } from './json-body';

describe('jsonDepth', () => {
  it.each([
    ['1', 0],
    ['{}', 1],
    ['{"a":[1,{"b":2}]}', 3],
    ['{"a":"[[[[{{{{"}', 1],
    ['{"a":"\\"[[["}', 1],
    ['['.repeat(100) + ']'.repeat(100), 100],
  ])('%s → %i', (text, depth) => {
    expect(jsonDepth(text)).toBe(depth);
  });
});
