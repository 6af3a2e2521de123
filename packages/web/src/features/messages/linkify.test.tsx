import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { linkify } from './linkify';
import { MessageText } from './ui/MessageText';

describe('linkify', () => {
  it('splits text and addresses, leaving sentence punctuation outside the link', () => {
    expect(linkify('see https://example.org/a?b=1, and www.parley.chat.')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { kind: 'text', text: ', and ' },
      { kind: 'link', text: 'www.parley.chat', href: 'https://www.parley.chat' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('renders links that open in a new tab without an opener', () => {
    render(<MessageText text="go to https://example.org now" />);
    const link = screen.getByRole('link', { name: 'https://example.org' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows markup literally, never as HTML', () => {
    const text = '<img src=x onerror=alert(1)> <b>bold</b>';
    const { container } = render(<MessageText text={text} />);
    expect(screen.getByTestId('message-text')).toHaveTextContent(text);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });
});
