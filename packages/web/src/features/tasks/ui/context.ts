import type { TaskAction, TaskOwnership } from '@parley/protocol/rules/task-permissions';
import type { Person } from '../use-members';

/** What every part of the panel needs to know about where it is and who looks. */
export type PanelContext = {
  conversationId: number;
  ownId: number;
  /** The user's zone for due dates (User.timezone), else the browser's. */
  timeZone: string | null;
  /** Who may be assigned. */
  members: Person[];
  /** The permission rule, and false while tasks are turned off. */
  may: (action: TaskAction, task?: TaskOwnership) => boolean;
  onOpenMessage: (messageId: number) => void;
};
