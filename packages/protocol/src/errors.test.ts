import { describe, expect, it } from 'vitest';
import { fieldErrors, firstPerField } from './errors';

// Field names come from whoever sent the request (or the reply): names of
// Object.prototype's members must be fields like any other.

const PROTOTYPE_NAMES = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__'];

describe('fieldErrors', () => {
  it.each(PROTOTYPE_NAMES)('keeps a field named %s as an own field', (name) => {
    const errors = fieldErrors([
      { code: 'custom', path: [name], message: 'first', input: 1 },
      { code: 'custom', path: [name], message: 'second', input: 1 },
    ]);
    expect(Object.keys(errors)).toEqual([name]);
    expect(Object.getOwnPropertyDescriptor(errors, name)?.value).toEqual(['first', 'second']);
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(errors))).toEqual(
      JSON.parse(`{"${name}":["first","second"]}`),
    );
  });
});

describe('firstPerField', () => {
  it.each(PROTOTYPE_NAMES)('keeps a reply field named %s as an own field', (name) => {
    const reply = JSON.parse(`{"${name}":["one","two"],"login":"x"}`) as Record<string, string[]>;
    const out = firstPerField(reply);
    expect(Object.keys(out).sort()).toEqual([name, 'login'].sort());
    expect(Object.getOwnPropertyDescriptor(out, name)?.value).toBe('one');
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});
