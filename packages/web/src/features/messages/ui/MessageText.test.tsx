import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { loadFormat } from '../../../lib/format-loader';
import { MessageText } from './MessageText';

// The parse rules are tested in packages/protocol/src/rules/format.
describe('MessageText', () => {
  it('shows the text as typed until the parser has loaded', () => {
    render(<MessageText text="**b** https://example.org" />);
    expect(screen.getByTestId('message-text')).toHaveTextContent('**b** https://example.org');
    expect(screen.queryByRole('link')).toBeNull();
  });

  describe('once the parser has loaded', () => {
    beforeAll(async () => {
      await loadFormat();
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

    it('renders the formatting as elements', () => {
      const { container } = render(
        <MessageText text={'**b** __i__ ~~s~~ `c`\n> q\n\n```\npre\n```'} />,
      );
      expect(container.querySelector('strong')).toHaveTextContent('b');
      expect(container.querySelector('em')).toHaveTextContent('i');
      expect(container.querySelector('s')).toHaveTextContent('s');
      expect(container.querySelector('code.msg-code')).toHaveTextContent('c');
      expect(container.querySelector('pre')).toHaveTextContent('pre');
    });

    it('a spoiler hides its words until pressed, by click or keyboard', () => {
      render(<MessageText text="the end: ||ghost|| ||twist||" />);
      const [first, second] = screen.getAllByTestId('spoiler');
      expect(first).toHaveClass('msg-spoiler');
      expect(first).not.toHaveClass('is-shown');
      fireEvent.click(first!);
      expect(screen.getByText('ghost').closest('.msg-spoiler')).toHaveClass('is-shown');
      fireEvent.keyDown(second!, { key: 'Enter' });
      expect(screen.queryAllByTestId('spoiler')).toHaveLength(0);
    });

    it('a javascript: address never becomes a link', () => {
      const { container } = render(
        <MessageText text="[x](javascript:alert(1)) javascript:alert(1)" />,
      );
      expect(container.querySelector('a')).toBeNull();
    });

    it("makes a bot's /commands tappable: a tap sends the command", () => {
      const sent: string[] = [];
      render(
        <MessageText
          text={'/help - What I can do\n**/newbot** and/or https://example.org/x'}
          onCommand={(command) => sent.push(command)}
        />,
      );
      const buttons = screen.getAllByTestId('bot-command');
      expect(buttons.map((b) => b.textContent)).toEqual(['/help', '/newbot']);
      fireEvent.click(buttons[1]!);
      expect(sent).toEqual(['/newbot']);
      expect(screen.getByTestId('message-text')).toHaveTextContent('and/or');
    });

    it('leaves commands as plain text in messages of people', () => {
      render(<MessageText text="/help me" />);
      expect(screen.queryByTestId('bot-command')).toBeNull();
    });
  });
});
