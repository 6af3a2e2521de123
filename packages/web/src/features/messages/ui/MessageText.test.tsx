import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MessageText } from './MessageText';

// The URL rule itself is tested in packages/protocol/src/rules/linkify.test.ts.
describe('MessageText', () => {
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
