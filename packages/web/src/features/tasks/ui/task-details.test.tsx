import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { board, group, task } from '../../../test/task-fixtures';
import { useTasksStore } from '../store';
import type { PanelContext } from './context';
import { TaskDetails } from './TaskDetails';

// The assignee picker lists people like every picker: a bot and an official
// account carry their badges (ui/AccountBadge.tsx), a person none.

const ctx: PanelContext = {
  conversationId: 5,
  ownId: 7,
  timeZone: 'UTC',
  members: [
    { id: 7, name: 'Ada', avatar: null },
    { id: 8, name: 'Weather', avatar: null, bot: true },
    { id: 9, name: 'Parley Bots', avatar: null, bot: true, official: true },
  ],
  may: () => true,
  onOpenMessage: () => undefined,
};

describe('task assignees', () => {
  it('marks bots and official accounts', () => {
    const one = task(1, 1, 'a');
    useTasksStore.setState({ boards: { 5: board([group(1, 'a', [one])]) } });
    render(<TaskDetails task={one} ctx={ctx} onDeleted={() => undefined} />);
    const row = (id: number) => screen.getByTestId(`task-assignee-${id}`).closest('label');
    expect(row(7)?.querySelector('[data-testid="badge-bot"]')).toBeNull();
    expect(row(8)?.querySelector('[data-testid="badge-bot"]')).toHaveTextContent('bot');
    expect(row(8)?.querySelector('[data-testid="badge-official"]')).toBeNull();
    expect(row(9)?.querySelector('[data-testid="badge-official"]')).not.toBeNull();
  });
});
