import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useAuthStore } from '../auth/store';
import { ChatPane } from './ChatPane';
import { parseConversationId } from './conversation-item';
import { Sidebar } from './Sidebar';
import { useSidebarStore } from './sidebar-store';
import { useConversations } from './use-conversations';
import './chat.css';

/** `/chat/:id?`: sidebar with the conversation list beside the chat pane. */
export function ChatShell() {
  const { id } = useParams();
  const user = useAuthStore((s) => s.user);
  const loadUser = useAuthStore((s) => s.loadUser);
  const collapsed = useSidebarStore((s) => s.collapsed);
  const { items, loading } = useConversations();

  // After a reload the user is not in memory yet (only the tokens are).
  useEffect(() => {
    if (!user) void loadUser();
  }, [user, loadUser]);

  const activeId = parseConversationId(id);
  const conversation =
    activeId === null ? null : (items.find((item) => item.id === activeId) ?? null);
  const classes = [
    'chat-shell',
    id !== undefined ? 'has-chat' : '',
    collapsed ? 'is-collapsed' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes} data-testid="chat-shell">
      <Sidebar items={items} loading={loading} activeId={activeId} />
      <ChatPane requested={id} conversation={conversation} />
    </div>
  );
}
