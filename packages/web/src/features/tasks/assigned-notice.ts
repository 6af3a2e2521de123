import i18next from 'i18next';
import { navigateTo } from '../../lib/navigation';
import { tapFrames } from '../../lib/frame-taps';
import { toast } from '../../ui/toast';
import { useConversationStore } from '../conversations/store';
import { useTaskPanel } from './panel-store';

// The in-app notice for the user event `task.assigned` (docs/TASKS.md): a
// toast, the way the app tells of things in the open tab, whose "Show"
// opens the conversation's Tasks panel at that task. Web Push hooks in on
// the server side when it lands.

/** Who assigned it, when this tab can name them (a direct chat's friend). */
function assignerName(conversationId: number, userId: number): string | null {
  const c = useConversationStore.getState().byId[conversationId];
  return c?.friend?.id === userId ? c.friend.name : null;
}

tapFrames((frame) => {
  if (frame.op !== 'event' || frame.scope !== 'user' || frame.type !== 'task.assigned') return;
  const { conversation_id: cid, task_id: taskId, title, by_user_id: by } = frame.payload;
  const name = assignerName(cid, by);
  toast.success(name ? i18next.t('tasks.assigned', { name }) : i18next.t('tasks.assignedSomeone'), {
    description: title,
    action: {
      label: i18next.t('tasks.show'),
      onClick: () => {
        navigateTo(`/chat/${cid}`);
        useTaskPanel.getState().open(cid, taskId);
      },
    },
  });
});
