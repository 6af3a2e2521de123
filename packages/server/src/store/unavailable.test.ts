import { describe, expect, it } from 'vitest';
import {
  describeUnavailable,
  isDatabaseUnavailable,
  looksUnavailable,
  markIfUnavailable,
} from './unavailable';

// The real drivers' errors are met in test/database-restart.test.ts; these
// are their shapes, and the errors that must stay 4xx/500.

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database unavailability', () => {
  it('knows an unreachable or restarting server', () => {
    for (const error of [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
    ]) {
      expect({ error: String(error), unavailable: looksUnavailable(error) }).toEqual({
        error: String(error),
        unavailable: true,
      });
    }
  });

  it('leaves every other error alone', () => {
    for (const error of [
      withCode('23505', 'duplicate key'),
      withCode('42P01', 'relation does not exist'),
      withCode('SQLITE_CONSTRAINT_UNIQUE'),
      withCode('FST_ERR_VALIDATION'),
      new TypeError('x is undefined'),
      new AggregateError([withCode('ECONNREFUSED'), new Error('other')]),
      new AggregateError([]),
      'Connection terminated',
      null,
    ]) {
      expect(looksUnavailable(error)).toBe(false);
    }
  });

  it('counts only what the pool marked: a refused link preview or blob store is not the database', () => {
    const elsewhere = withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9000');
    expect(isDatabaseUnavailable(elsewhere)).toBe(false);
    const fromPool = markIfUnavailable(withCode('ECONNREFUSED')) as Error;
    expect(isDatabaseUnavailable(fromPool)).toBe(true);
    expect(Object.keys(fromPool)).toEqual(['code']); // the mark does not show in logs
    expect(isDatabaseUnavailable(markIfUnavailable(withCode('23505')))).toBe(false);
  });

  it('describes one in a line', () => {
    expect(
      describeUnavailable(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')),
    ).toBe('connect ECONNREFUSED 127.0.0.1:5432');
    const both = Object.assign(
      new AggregateError([withCode('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')]),
      { code: 'ECONNREFUSED' },
    );
    expect(describeUnavailable(both)).toBe('connect ECONNREFUSED ::1:5432');
    expect(describeUnavailable(withCode('57P01', 'terminating connection'))).toBe(
      '57P01: terminating connection',
    );
  });
});
