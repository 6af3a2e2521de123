import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useAuthStore } from '../../features/auth/store';
import { useUnreadTitle } from '../../features/conversations/use-unread-title';
import { GroupsHost } from '../../features/groups/GroupsHost';
import { useOpenConversation } from '../../features/notifications/view';
import { SettingsHost } from '../../features/settings/SettingsHost';
import { ChatPane } from './ChatPane';
import { ConversationMenuHost } from './ConversationMenuHost';
import { prefetchConversationView } from './load-conversation-view';
import { prefetchFormat } from '../../lib/format-loader';
import { OfflineBanner } from './OfflineBanner';
import { ProfileHost } from './ProfileHost';
import { startRealtime } from '../../sync/realtime';
import { parseConversationId } from './route-id';
import { sharedMediaSlot } from './shared-media-slot';
import { Sidebar } from './Sidebar';
import { useSidebarStore } from './sidebar-store';
import './chat.css';
import '../../features/messages/messages.css';
import '../../features/messages/composer.css';
import '../../features/messages/message-dialogs.css';
import '../../features/messages/message-files.css';
import '../../features/messages/message-bots.css';
import '../../features/messages/message-media.css';

// For the chat's loader (boot.ts), which imports nothing else of the chat:
// a second entry point into this code would split it into more chunks.
export { prepareChatShell } from '../boot/prepare';

/** `/chat/:id?`: sidebar with the conversation list beside the chat pane. */
export function ChatShell() {
  const { id } = useParams();
  const user = useAuthStore((s) => s.user);
  const loadUser = useAuthStore((s) => s.loadUser);
  const collapsed = useSidebarStore((s) => s.collapsed);
  useUnreadTitle();
  // No notification for the chat on screen (features/notifications).
  useOpenConversation(parseConversationId(id));

  // One socket per tab while the signed-in chat is on screen; stopped on leaving or logout.
  useEffect(() => startRealtime(), []);
  useEffect(() => prefetchConversationView(), []);
  useEffect(() => prefetchFormat(), []);

  // After a reload the user is not in memory yet (only the tokens are).
  useEffect(() => {
    if (!user) void loadUser();
  }, [user, loadUser]);

  const classes = [
    'chat-shell',
    id !== undefined ? 'has-chat' : '',
    collapsed ? 'is-collapsed' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes} data-testid="chat-shell">
      <OfflineBanner />
      <Sidebar activeId={parseConversationId(id)} />
      <ChatPane requested={id} />
      <ConversationMenuHost activeId={parseConversationId(id)} />
      <SettingsHost />
      <GroupsHost sharedMedia={sharedMediaSlot} />
      <ProfileHost sharedMedia={sharedMediaSlot} />
    </div>
  );
}
