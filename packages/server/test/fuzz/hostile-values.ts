// The hostile values and bodies the fuzzer (fuzz-no-5xx.test.ts) sends.

/** A seeded generator (mulberry32): the same sample on every run. */
export function seeded(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return <T>(list: readonly T[], n: number): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  };
}

export const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
export const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

/** JSON texts for a body field (raw, so 1e400 and 2⁵³+1 arrive as sent). */
export const HOSTILE_JSON = [
  '2147483648',
  '9007199254740993',
  '-1',
  '1.5',
  'null',
  '1e400',
  '0',
  '-2147483649',
  '"1"',
  '""',
  '"2147483648"',
  JSON.stringify('x'.repeat(70_000)),
  '"a\\u0000b"',
  JSON.stringify('😀ǅ\u202e\u0301ﷺ'.repeat(40)),
  '"\\ud800"',
  'true',
  'false',
  '[]',
  '[1,2]',
  '[null]',
  '[2147483648]',
  '["x"]',
  '{}',
  '{"a":1}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"toString":"a\\u0000"}',
  deepArray(40),
  deepObject(40),
];

/** Texts for a path segment or a query value, already URL-encoded. */
export const HOSTILE_TEXT = [
  '2147483648',
  '9'.repeat(30),
  '-1',
  '1.5',
  'abc',
  '0',
  '1e3',
  '1e400',
  'NaN',
  '%00',
  '%F0%9F%98%80',
  '%E2%80%AE',
  'x'.repeat(2000),
  '%5B%5D',
  'null',
  '0x10',
  '%201',
  '..%2F..',
  '%ZZ',
  'true',
  'constructor',
  '__proto__',
];

/** Keys of Object.prototype, sent beside a valid body with a value every check refuses. */
export const PROTOTYPE_KEYS = ['constructor', 'toString', 'hasOwnProperty', '__proto__'];

/** Multipart bodies: broken ones and well-formed ones with hostile fields. */
function multipartBodies(): [string, string][] {
  const b = 'fuzzb0undary';
  const part = (name: string, value: string, filename?: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"` +
    (filename === undefined ? '' : `; filename="${filename}"`) +
    `\r\n${filename === undefined ? '' : 'Content-Type: image/png\r\n'}\r\n${value}\r\n`;
  const file = part('file', 'x'.repeat(3000), 'a.png') + part('avatar', '\x89PNG garbage', 'a.png');
  // The multipart routes' text fields (the OpenAPI document describes no multipart body).
  const fields = ['group_name', 'channel_name', 'type', 'username', 'member_ids', 'has_tasks']
    .map((name) => part(name, name === 'member_ids' ? '[2147483648,"x",null]' : '\u0000'))
    .join('');
  const type = `multipart/form-data; boundary=${b}`;
  return [
    ['multipart/form-data', `${file}--${b}--\r\n`],
    ['multipart/form-data; boundary=other', `${file}--${b}--\r\n`],
    [type, file.slice(0, 200)],
    [type, `${fields}--${b}--\r\n`],
    [type, `${part('__proto__', 'x')}${part('constructor', 'x')}--${b}--\r\n`],
    [`multipart/form-data; boundary=${'q'.repeat(300)}`, 'garbage'],
  ];
}

/** Whole bodies: [content type, raw body]. */
export const RAW_BODIES: [string, string][] = [
  ['application/json', '{'],
  ['application/json', '{"a":}'],
  ['application/json', '\u0000'],
  ['application/json', ''],
  ['application/json', deepArray(2000)],
  ['application/json', '[]'],
  ['application/json', 'null'],
  ['application/json', '"text"'],
  ['application/json; charset=utf-7', '{}'],
  ['text/plain', '{}'],
  ['application/x-www-form-urlencoded', 'a=1&b[]=2'],
  ['application/xml', '<a/>'],
  ...multipartBodies(),
];
