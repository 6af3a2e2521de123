import { describe, expect, it } from 'vitest';
import { contentRange, ifRangeHolds, rangeOf } from './byte-range';

// The Range header as RFC 9110 §14 reads it, on a 1000-byte file unless said.

const part = (start: number, end: number) => ({ kind: 'part', range: { start, end } });
const whole = { kind: 'whole' };
const unsatisfiable = { kind: 'unsatisfiable' };

describe('rangeOf', () => {
  it('reads the three forms of one range', () => {
    expect(rangeOf('bytes=0-99', 1000)).toEqual(part(0, 99));
    expect(rangeOf('bytes=500-', 1000)).toEqual(part(500, 999));
    expect(rangeOf('bytes=-100', 1000)).toEqual(part(900, 999));
    expect(rangeOf('bytes=999-999', 1000)).toEqual(part(999, 999));
  });

  it('clamps a range that runs past the end, and a suffix longer than the file', () => {
    expect(rangeOf('bytes=900-5000', 1000)).toEqual(part(900, 999));
    expect(rangeOf('bytes=0-99999999999999999999', 1000)).toEqual(part(0, 999));
    expect(rangeOf('bytes=-5000', 1000)).toEqual(part(0, 999));
  });

  it('is unsatisfiable when the range starts at or past the end, or is an empty suffix', () => {
    expect(rangeOf('bytes=1000-', 1000)).toEqual(unsatisfiable);
    expect(rangeOf('bytes=1000-2000', 1000)).toEqual(unsatisfiable);
    expect(rangeOf('bytes=99999999999999999999-', 1000)).toEqual(unsatisfiable);
    expect(rangeOf('bytes=-0', 1000)).toEqual(unsatisfiable);
    expect(rangeOf('bytes=0-', 0)).toEqual(unsatisfiable);
    expect(rangeOf('bytes=-10', 0)).toEqual(unsatisfiable);
  });

  it('takes the unit in any case, spaces around the list, and empty list elements', () => {
    expect(rangeOf('Bytes=0-9', 1000)).toEqual(part(0, 9));
    expect(rangeOf(' bytes= 10-19 ', 1000)).toEqual(part(10, 19));
    expect(rangeOf('bytes=10-19,', 1000)).toEqual(part(10, 19));
    expect(rangeOf('bytes=, 10-19', 1000)).toEqual(part(10, 19));
  });

  it('sends the whole file for several ranges (no multipart/byteranges)', () => {
    expect(rangeOf('bytes=0-9,20-29', 1000)).toEqual(whole);
    expect(rangeOf('bytes=0-9, -5', 1000)).toEqual(whole);
    expect(rangeOf('bytes=2000-3000,4000-', 1000)).toEqual(whole);
  });

  it('ignores what it cannot read: no header, another unit, bad syntax, last before first', () => {
    for (const header of [
      undefined,
      '',
      'items=0-9',
      'bytes',
      'bytes=',
      'bytes=,',
      'bytes=-',
      'bytes=a-b',
      'bytes=1e3-',
      'bytes=+1-2',
      'bytes=-1-2',
      'bytes=0x10-',
      'bytes=1 -2',
      'bytes=9-0',
      'bytes=0-9,9-0',
      'bytes=0-9;x',
    ]) {
      expect(rangeOf(header, 1000), String(header)).toEqual(whole);
    }
  });
});

describe('ifRangeHolds', () => {
  it('holds without If-Range and for our exact tag only', () => {
    const etag = '"abc"';
    expect(ifRangeHolds(undefined, etag)).toBe(true);
    expect(ifRangeHolds('"abc"', etag)).toBe(true);
    expect(ifRangeHolds('W/"abc"', etag)).toBe(false);
    expect(ifRangeHolds('"other"', etag)).toBe(false);
    expect(ifRangeHolds('Sat, 01 Jan 2000 00:00:00 GMT', etag)).toBe(false);
  });
});

describe('contentRange', () => {
  it('writes a part and the unsatisfiable form', () => {
    expect(contentRange({ start: 0, end: 99 }, 1000)).toBe('bytes 0-99/1000');
    expect(contentRange(null, 1000)).toBe('bytes */1000');
  });
});
