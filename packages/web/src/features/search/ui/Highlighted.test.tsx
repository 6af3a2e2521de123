import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { matchRanges, searchTerms, snippetOf } from '@parley/protocol/rules/search-text';
import { Highlighted } from './Highlighted';

const marks = (container: HTMLElement) =>
  [...container.querySelectorAll('mark')].map((m) => m.textContent);

describe('Highlighted', () => {
  it('marks the ranges and keeps the rest as plain text', () => {
    const { container } = render(
      <p>
        <Highlighted
          text="Meet at the station, platform 4"
          ranges={[
            [12, 19],
            [21, 29],
          ]}
        />
      </p>,
    );
    expect(container.textContent).toBe('Meet at the station, platform 4');
    expect(marks(container)).toEqual(['station', 'platform']);
  });

  it('shows markup in the text literally, never as HTML', () => {
    const text = '<img src=x onerror=alert(1)> <b>bold</b>';
    const { container } = render(
      <p>
        <Highlighted text={text} ranges={[[0, 4]]} />
      </p>,
    );
    expect(container.textContent).toBe(text);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(marks(container)).toEqual(['<img']);
  });

  it('skips ranges that overlap, run backwards or past the end', () => {
    const { container } = render(
      <p>
        <Highlighted
          text="abcdef"
          ranges={[
            [1, 3],
            [2, 4],
            [5, 5],
            [4, 99],
            [4, 6],
          ]}
        />
      </p>,
    );
    expect(container.textContent).toBe('abcdef');
    expect(marks(container)).toEqual(['bc', 'ef']);
  });

  it('renders what the shared snippet rule produces, Cyrillic and accents included', () => {
    const terms = searchTerms('ПРИВ cafe');
    const snippet = snippetOf('Привет! Встретимся в café', terms);
    expect(matchRanges(snippet.text, terms)).toEqual(snippet.highlights);
    const { container } = render(
      <p>
        <Highlighted text={snippet.text} ranges={snippet.highlights} />
      </p>,
    );
    expect(marks(container)).toEqual(['Привет', 'café']);
  });
});
