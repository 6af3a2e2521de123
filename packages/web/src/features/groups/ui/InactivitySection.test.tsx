import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InactivitySection } from './InactivitySection';

// The group's inactivity limit in the info panel: who may edit picks one of
// the offered limits or off; a member reads it only when one is set.

describe('InactivitySection', () => {
  it('offers off and the five limits, and sends the chosen days', async () => {
    const onChange = vi.fn();
    render(<InactivitySection days={null} editable busy={false} onChange={onChange} />);
    const select = screen.getByTestId('inactivity-select');
    const options = [...select.querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toEqual([
      'Off',
      'After 1 week',
      'After 1 month',
      'After 3 months',
      'After 6 months',
      'After 1 year',
    ]);
    expect(screen.getByText(/The owner is never removed\./)).toBeTruthy();
    await userEvent.selectOptions(select, '90');
    expect(onChange).toHaveBeenCalledWith(90);
    await userEvent.selectOptions(select, '');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('keeps a limit set elsewhere (not an offered one) as its days', () => {
    render(<InactivitySection days={45} editable busy={false} onChange={() => undefined} />);
    const select = screen.getByTestId<HTMLSelectElement>('inactivity-select');
    expect(select.value).toBe('45');
    expect(select.selectedOptions[0]?.textContent).toBe('After 45 days');
  });

  it('shows a member the limit without a setting, and nothing when off', () => {
    const { rerender } = render(
      <InactivitySection days={null} editable={false} busy={false} onChange={() => undefined} />,
    );
    expect(screen.queryByTestId('info-inactivity')).toBeNull();
    rerender(
      <InactivitySection days={365} editable={false} busy={false} onChange={() => undefined} />,
    );
    expect(screen.getByTestId('inactivity-member-note').textContent).toContain(
      'Current setting: After 1 year.',
    );
    expect(screen.queryByTestId('inactivity-select')).toBeNull();
  });
});
