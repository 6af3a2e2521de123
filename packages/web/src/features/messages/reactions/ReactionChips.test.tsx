import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ReactionChips } from './ReactionChips';

describe('reaction chips', () => {
  const reactions = [
    { emoji: '👍', count: 2, user_ids: [1, 2] },
    { emoji: '🔥', count: 1, user_ids: [3] },
  ];

  it('shows each emoji with its count, mine pressed, and toggles on a press', () => {
    const onToggle = vi.fn();
    render(<ReactionChips messageId={5} reactions={reactions} ownId={2} onToggle={onToggle} />);
    const chips = screen.getAllByTestId('reaction-chip');
    expect(chips.map((c) => c.textContent)).toEqual(['👍2', '🔥1']);
    expect(chips[0]).toHaveAttribute('aria-pressed', 'true');
    expect(chips[1]).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(chips[1] as HTMLElement);
    expect(onToggle).toHaveBeenCalledWith('🔥');
  });

  it('draws nothing without reactions', () => {
    const { container } = render(
      <ReactionChips messageId={5} reactions={[]} ownId={2} onToggle={() => undefined} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
