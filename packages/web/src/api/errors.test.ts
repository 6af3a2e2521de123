import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@parley/protocol/messages';
import { changeLocale } from '../lib/i18n';
import { ApiError, errorMessage } from './errors';

// Issue 33: every screen that meets a 429 says how long to wait; the
// server's Retry-After arrives as the reply's retry_after. errorMessage is
// what the forms, the lock screen and the dialogs show.

const tooMany = (retryAfter?: number) =>
  new ApiError(429, 'Too Many Requests', {
    message: MSG.tooManyRequests,
    ...(retryAfter ? { retry_after: retryAfter } : {}),
  });

describe('errorMessage with a wait', () => {
  afterEach(async () => {
    await changeLocale('en');
  });

  it('says how long to wait, in each locale', async () => {
    expect(errorMessage(tooMany(42))).toBe('Too many requests. Try again in 42 sec.');
    expect(errorMessage(tooMany(300))).toBe('Too many requests. Try again in 5 min.');
    // A lock's remaining seconds read as whole minutes or hours, rounded up.
    expect(errorMessage(tooMany(298))).toBe('Too many requests. Try again in 5 min.');
    expect(errorMessage(tooMany(86_000))).toBe('Too many requests. Try again in 24 hr.');
    await changeLocale('ru');
    expect(errorMessage(tooMany(42))).toMatch(
      /^Слишком много запросов\. Повторите через 42\s.+\.$/,
    );
    await changeLocale('fr');
    expect(errorMessage(tooMany(42))).toMatch(/^Trop de requêtes\. Réessayez dans 42\s.+\.$/);
    await changeLocale('am');
    // Armenian units (Intl's `hy`), not Amharic's Ethiopic ones; Armenian's full stop.
    expect(errorMessage(tooMany(42))).toBe('Չափազանց շատ հարցումներ։ Կրկին փորձեք 42 վրկ հետո։');
    const wrong = new ApiError(400, '', { message: MSG.wrongSecret, retry_after: 300 });
    expect(errorMessage(wrong)).toMatch(/^[^.]+։ Կրկին փորձեք 5 ր հետո։$/);
  });

  it('adds the wait to any refusal that carries one (the passcode try that spent the last)', () => {
    const wrong = new ApiError(400, 'Bad Request', {
      message: MSG.wrongSecret,
      retry_after: 120,
    });
    expect(errorMessage(wrong)).toBe('Wrong passcode. Try again in 2 min.');
  });

  it('leaves a refusal without a wait as it was', () => {
    expect(errorMessage(tooMany())).toBe('Too many requests.');
  });
});
