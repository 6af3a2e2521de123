import { Suspense } from 'react';
import type { Conversation } from '@parley/protocol/conversation';
import { Spinner } from '../../ui/Spinner';
import { useTaskPanel } from './panel-store';
import { TasksPanel } from './tasks-panel-chunk';

export function TasksPanelHost(props: {
  conversation: Conversation;
  ownId: number;
  /** Scrolls the chat to a message (a task's link back to where it was made). */
  onOpenMessage: (messageId: number) => void;
}) {
  const open = useTaskPanel((s) => s.openId === props.conversation.id);
  if (!open) return null;
  return (
    <Suspense
      fallback={
        <aside className="tasks-panel tasks-panel-loading">
          <Spinner size={32} />
        </aside>
      }
    >
      <TasksPanel {...props} />
    </Suspense>
  );
}
