import { describe, expect, it } from 'vitest';
import { loginRequestSchema, registerRequestSchema } from './auth';
import { fieldErrors, firstPerField, validationLines } from './errors';
import { MSG } from './messages';
import { negotiateLocale } from './locales';

const errorsOf = (
  schema: typeof registerRequestSchema | typeof loginRequestSchema,
  body: unknown,
) => {
  const result = schema.safeParse(body);
  return result.success ? {} : fieldErrors(result.error.issues);
};

describe('login validation (spec 5)', () => {
  it('requires login and password with the spec messages', () => {
    expect(errorsOf(loginRequestSchema, {})).toEqual({
      login: [MSG.loginRequired],
      password: [MSG.passwordRequired],
    });
    expect(errorsOf(loginRequestSchema, { login: '  ', password: '' })).toEqual({
      login: [MSG.loginRequired],
      password: [MSG.passwordRequired],
    });
  });
  it('removes a leading @ from the username', () => {
    const parsed = loginRequestSchema.parse({ login: 'a', password: 'b', username: ' @alice' });
    expect(parsed.username).toBe('alice');
  });
  it('refuses wrong types with the same messages', () => {
    expect(errorsOf(loginRequestSchema, { login: 5, password: ['x'] })).toEqual({
      login: [MSG.loginRequired],
      password: [MSG.passwordRequired],
    });
  });
});

describe('registration validation (spec 5)', () => {
  const valid = { name: 'Ada', username: 'ada 1', login: 'ada@example.org', password: '12345' };
  it('accepts a valid form', () => {
    expect(errorsOf(registerRequestSchema, valid)).toEqual({});
  });
  it('gives each field its spec message', () => {
    expect(
      errorsOf(registerRequestSchema, { name: '', username: 'ада', login: '', password: '1234' }),
    ).toEqual({
      name: [MSG.nameRequired],
      username: [MSG.incorrectUsername],
      login: [MSG.loginRequired],
      password: [MSG.incorrectPassword],
    });
  });
  it('refuses an empty username and symbols', () => {
    expect(errorsOf(registerRequestSchema, { ...valid, username: '' })).toEqual({
      username: [MSG.incorrectUsername],
    });
    expect(errorsOf(registerRequestSchema, { ...valid, username: 'ada_1' })).toEqual({
      username: [MSG.incorrectUsername],
    });
  });
  it('limits lengths', () => {
    expect(errorsOf(registerRequestSchema, { ...valid, name: 'x'.repeat(65) })).toEqual({
      name: [MSG.nameTooLong],
    });
    expect(errorsOf(registerRequestSchema, { ...valid, password: 'x'.repeat(257) })).toEqual({
      password: [MSG.passwordTooLong],
    });
  });
});

describe('validation error shapes (spec 8)', () => {
  it('reads a string, an array and an object (first message per field)', () => {
    expect(validationLines('Bad')).toEqual(['Bad']);
    expect(validationLines(['A', 'B'])).toEqual(['A', 'B']);
    expect(validationLines({ name: ['N1', 'N2'], login: 'L' })).toEqual(['N1', 'L']);
    expect(validationLines(null)).toEqual([]);
    expect(firstPerField({ name: ['N1', 'N2'] })).toEqual({ name: 'N1' });
  });
});

describe('negotiateLocale', () => {
  it('picks the best supported language', () => {
    expect(negotiateLocale('de-DE,ru;q=0.8,en;q=0.5')).toBe('ru');
    expect(negotiateLocale('fr-CA')).toBe('fr');
    expect(negotiateLocale('de')).toBe('en');
    expect(negotiateLocale(undefined)).toBe('en');
  });
});
