import { describe, expect, it } from 'vitest';
import { parseFormatted, type FormatNode } from './parse';
import { plainText } from './text';
import { MESSAGE_MAX_LENGTH } from '../../constants';

const text = (t: string): FormatNode => ({ kind: 'text', text: t });

describe('parseFormatted: the Telegram-like subset', () => {
  it.each<[string, FormatNode[]]>([
    ['**bold**', [{ kind: 'bold', children: [text('bold')] }]],
    ['__italic__', [{ kind: 'italic', children: [text('italic')] }]],
    ['_italic_', [{ kind: 'italic', children: [text('italic')] }]],
    ['~~gone~~', [{ kind: 'strike', children: [text('gone')] }]],
    ['`a < b`', [{ kind: 'code', text: 'a < b' }]],
    [
      '```ts\nconst x = 1;\n**not bold**\n```',
      [{ kind: 'pre', text: 'const x = 1;\n**not bold**', lang: 'ts' }],
    ],
    ['> quoted', [{ kind: 'quote', children: [text('quoted')] }]],
    ['||secret||', [{ kind: 'spoiler', children: [text('secret')] }]],
    [
      '||a **b**||',
      [{ kind: 'spoiler', children: [text('a '), { kind: 'bold', children: [text('b')] }] }],
    ],
    [
      'hi @Alice!',
      [text('hi '), { kind: 'mention', text: '@Alice', username: 'Alice' }, text('!')],
    ],
    ['a\nb', [text('a'), { kind: 'break' }, text('b')]],
  ])('%j', (source, nodes) => {
    expect(parseFormatted(source)).toEqual(nodes);
  });

  it('leaves what is not in the subset as typed', () => {
    for (const source of [
      '# not a heading',
      '1. not a list',
      '- not a list',
      '| a | b |',
      'a || b',
      '||||',
      'x = y * 2',
    ]) {
      expect(plainText(source)).toBe(source);
    }
  });
});

describe('links (linkify-it with the TLD list)', () => {
  it.each<[string, string, string]>([
    [
      'https://en.wikipedia.org/wiki/Foo_(bar)',
      'https://en.wikipedia.org/wiki/Foo_(bar)',
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    ],
    ['example.com', 'example.com', 'https://example.com'],
    ['www.parley.chat', 'www.parley.chat', 'https://www.parley.chat'],
    ['someone@example.org', 'someone@example.org', 'mailto:someone@example.org'],
  ])('%s is one link', (source, shown, href) => {
    expect(parseFormatted(`see ${source}.`)).toEqual([
      text('see '),
      { kind: 'link', text: shown, href },
      text('.'),
    ]);
  });

  it('a word with a dot that is no domain stays text', () => {
    expect(parseFormatted('file.tsx and v1.2')).toEqual([text('file.tsx and v1.2')]);
  });
});

/** Every link anywhere in the tree. */
function hrefs(nodes: FormatNode[]): string[] {
  return nodes.flatMap((n) =>
    n.kind === 'link' ? [n.href] : 'children' in n ? hrefs(n.children) : [],
  );
}

describe('hostile input', () => {
  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '&lt;b&gt; &#x3C;',
  ])('HTML stays literal text: %s', (source) => {
    expect(plainText(source)).toBe(source);
  });

  it.each([
    'javascript:alert(1)',
    '[click](javascript:alert(1))',
    '[x](data:text/html,<script>alert(1)</script>)',
    'vbscript:msgbox(1)',
    'JaVaScRiPt:alert(document.cookie)',
    'ftp://example.org/x',
    '//example.org/x',
    '![img](https://example.org/x.png)',
  ])('no link other than http(s)/mailto: %s', (source) => {
    expect(hrefs(parseFormatted(source)).every((h) => /^(https?:\/\/|mailto:)/i.test(h))).toBe(
      true,
    );
    expect(hrefs(parseFormatted(source)).some((h) => /script|data:/i.test(h))).toBe(false);
  });

  it('deeply nested markers neither throw nor take long', () => {
    const sources = [
      '>'.repeat(5000) + ' deep',
      '||'.repeat(5000) + 'x',
      '**'.repeat(5000) + 'x' + '**'.repeat(5000),
      '_'.repeat(10000),
      '`'.repeat(10000),
      '['.repeat(5000) + 'x' + ']'.repeat(5000),
      '||a '.repeat(3000),
    ];
    for (const source of sources) {
      const started = Date.now();
      const plain = plainText(source);
      expect(typeof plain).toBe('string');
      expect(Date.now() - started).toBeLessThan(1000);
    }
  });

  it('a message four times the longest allowed parses in well under a second', () => {
    const chunk =
      '**bold** _it_ ~~s~~ `code` ||spoiler|| @alice see example.com/a_(b) and a@b.org\n';
    const lines = Math.floor((MESSAGE_MAX_LENGTH * 4) / chunk.length);
    const started = Date.now();
    const nodes = parseFormatted(chunk.repeat(lines));
    expect(Date.now() - started).toBeLessThan(1500);
    expect(hrefs(nodes)).toHaveLength(lines * 2);
  });

  it('past that, text is shown as typed without parsing', () => {
    const source = '**x** example.com '.repeat(MESSAGE_MAX_LENGTH);
    const started = Date.now();
    expect(parseFormatted(source)).toEqual([text(source)]);
    expect(Date.now() - started).toBeLessThan(50);
  });
});

describe('plainText', () => {
  it('drops the markers and keeps the words', () => {
    expect(plainText('**Hi** __there__, `x` ~~y~~ ||z|| > not a quote mid-line')).toBe(
      'Hi there, x y z > not a quote mid-line',
    );
    expect(plainText('> quoted\nline')).toBe('quoted\nline');
  });

  it('masks spoilers when asked (previews, notifications)', () => {
    expect(plainText('the end: ||he was the ghost||', { spoilerMask: '▒▒▒' })).toBe('the end: ▒▒▒');
  });
});
